import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  Items,
  ProductGroupCreateBody,
  ProductGroupQuery,
  ProductGroupStaff,
  ProductGroupUpdateBody,
} from '@rian/proto-contracts/catalog-content';

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** Product groups (which member groups a product's buyers join): staff only. */
const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.kit.requireStaff();
  const admin = { tags: ['admin product groups'], security: [{ bearer: [] }] };

  app.get(
    '/products/:productId/groups',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'The member groups of a product, disabled products too (spec productGroup ByProductId)',
        params: Type.Object({ productId: Uuid() }),
        response: { 200: Items(ProductGroupStaff), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.groups.ofProduct(req.params.productId),
  );

  app.get(
    '/admin/product-groups',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Product groups, oldest first, by product and/or member group',
        querystring: ProductGroupQuery,
        response: { 200: Page(ProductGroupStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.groups.list(req.query),
  );

  app.get(
    '/admin/product-groups/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'One product group',
        params: IdParams,
        response: { 200: ProductGroupStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.groups.byId(req.params.id),
  );

  app.post(
    '/admin/product-groups',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Give a product a member group (emits catalog.product-group.changed)',
        body: ProductGroupCreateBody,
        response: { 201: ProductGroupStaff, 400: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.groups.create(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/product-groups/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Change the product or the member group (emits catalog.product-group.changed)',
        params: IdParams,
        body: ProductGroupUpdateBody,
        response: {
          200: ProductGroupStaff,
          400: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          ...guarded,
        },
      },
    },
    async (req) => app.groups.update(req.params.id, req.body),
  );

  app.delete(
    '/admin/product-groups/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Remove a member group from a product (emits catalog.product-group.deleted)',
        params: IdParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.groups.remove(req.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default groupRoutes;
