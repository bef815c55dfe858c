import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  ProductCreateBody,
  ProductListQuery,
  ProductStaff,
  ProductUpdateBody,
} from '@rian/proto-contracts/catalog';

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** Back-office product administration (/admin/product): any staff member. */
const adminProductRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.kit.requireStaff();
  const common = { tags: ['admin products'], security: [{ bearer: [] }] };

  app.get(
    '/admin/products',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'All products, disabled ones included, newest first',
        querystring: ProductListQuery,
        response: { 200: Page(ProductStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.products.listStaff(req.query),
  );

  app.get(
    '/admin/products/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'One product',
        params: IdParams,
        response: { 200: ProductStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.products.staffById(req.params.id),
  );

  app.post(
    '/admin/products',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Create a product (emits catalog.product.changed)',
        body: ProductCreateBody,
        response: { 201: ProductStaff, 400: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.products.create(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/products/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Change some fields of a product (emits catalog.product.changed)',
        params: IdParams,
        body: ProductUpdateBody,
        response: {
          200: ProductStaff,
          400: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          ...guarded,
        },
      },
    },
    async (req) => app.products.update(req.params.id, req.body),
  );

  app.delete(
    '/admin/products/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete a product (emits catalog.product.deleted)',
        params: IdParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.products.remove(req.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default adminProductRoutes;
