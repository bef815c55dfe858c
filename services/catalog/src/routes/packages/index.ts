import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  PackageCreateBody,
  PackageCreateProductBody,
  PackageCreateProductResult,
  PackageListQuery,
  PackagePublic,
  PackageStaff,
  PackageUpdateBody,
} from '@rian/proto-contracts/catalog-commerce';

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** Packages: the shop's reads (enabled ones) and the back office (/admin/packages). */
const packageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/packages',
    {
      schema: {
        tags: ['packages'],
        summary: 'Enabled packages, newest first; q matches title, subtitle or url',
        querystring: PackageListQuery,
        response: { 200: Page(PackagePublic), 400: ProblemSchema },
      },
    },
    async (req) => app.packages.listPublic(req.query),
  );

  app.get(
    '/packages/:id',
    {
      schema: {
        tags: ['packages'],
        summary: 'One enabled package',
        params: IdParams,
        response: { 200: PackagePublic, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.packages.publicById(req.params.id),
  );

  const preHandler = app.kit.requireStaff();
  const common = { tags: ['admin packages'], security: [{ bearer: [] }] };

  app.get(
    '/admin/packages',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'All packages, disabled ones included, newest first',
        querystring: PackageListQuery,
        response: { 200: Page(PackageStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.packages.listStaff(req.query),
  );

  app.get(
    '/admin/packages/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'One package',
        params: IdParams,
        response: { 200: PackageStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.packages.staffById(req.params.id),
  );

  app.post(
    '/admin/packages',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Create a package (emits catalog.package.changed)',
        body: PackageCreateBody,
        response: { 201: PackageStaff, 400: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.packages.create(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/packages/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Change some fields of a package (emits catalog.package.changed)',
        params: IdParams,
        body: PackageUpdateBody,
        response: {
          200: PackageStaff,
          400: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          ...guarded,
        },
      },
    },
    async (req) => app.packages.update(req.params.id, req.body),
  );

  app.delete(
    '/admin/packages/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete a package (emits catalog.package.deleted); products made from it stay',
        params: IdParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.packages.remove(req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/packages/:id/create-product',
    {
      preHandler,
      schema: {
        ...common,
        summary:
          'CreatePackages: a new product (type package) copied from the package, at url (default the package url), granting courseIds',
        params: IdParams,
        body: PackageCreateProductBody,
        response: {
          201: PackageCreateProductResult,
          400: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          ...guarded,
        },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await app.packages.createProduct(req.params.id, req.body, req.principal?.sub ?? null)),
  );
};

export default packageRoutes;
