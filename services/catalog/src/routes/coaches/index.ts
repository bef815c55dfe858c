import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, PageQuery, Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { ProductPublic } from '@rian/proto-contracts/catalog';
import {
  CoachAdminQuery,
  CoachCreateBody,
  CoachPublic,
  CoachPublicQuery,
  CoachStaff,
  CoachUpdateBody,
  Items,
  ProductCoachCreateBody,
  ProductCoachQuery,
  ProductCoachStaff,
} from '@rian/proto-contracts/catalog-content';

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** Coaches: the shop's reads (no token) and /admin/coach with the product–coach links (staff). */
const coachRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const shop = { tags: ['coaches'] };

  app.get(
    '/coaches',
    {
      schema: {
        ...shop,
        summary:
          'Coaches in the order staff added them; hasProducts=true: only those with an enabled product',
        querystring: CoachPublicQuery,
        response: { 200: Page(CoachPublic), 400: ProblemSchema },
      },
    },
    async (req) => app.coaches.listPublic(req.query),
  );

  app.get(
    '/coaches/:id',
    {
      schema: {
        ...shop,
        summary: 'One coach',
        params: IdParams,
        response: { 200: CoachPublic, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.coaches.publicById(req.params.id),
  );

  app.get(
    '/coaches/:coachId/products',
    {
      schema: {
        ...shop,
        summary: 'The enabled products of a coach, newest first (/productAll/{coach})',
        params: Type.Object({ coachId: Uuid() }),
        querystring: PageQuery,
        response: { 200: Page(ProductPublic), 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.coaches.productsOfCoach(req.params.coachId, req.query),
  );

  app.get(
    '/products/:productId/coaches',
    {
      schema: {
        ...shop,
        summary: 'The coaches of an enabled product, in the order staff linked them',
        params: Type.Object({ productId: Uuid() }),
        response: { 200: Items(CoachPublic), 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.coaches.coachesOfProduct(req.params.productId),
  );

  const preHandler = app.kit.requireStaff();
  const admin = { tags: ['admin coaches'], security: [{ bearer: [] }] };

  app.get(
    '/admin/coaches',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Coaches; q matches name, nickname or position',
        querystring: CoachAdminQuery,
        response: { 200: Page(CoachStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.coaches.listStaff(req.query),
  );

  app.get(
    '/admin/coaches/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'One coach',
        params: IdParams,
        response: { 200: CoachStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.coaches.staffById(req.params.id),
  );

  app.post(
    '/admin/coaches',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Add a coach (emits catalog.coach.changed)',
        body: CoachCreateBody,
        response: { 201: CoachStaff, 400: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.coaches.create(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/coaches/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Change some fields of a coach: absent keeps, null clears (emits catalog.coach.changed)',
        params: IdParams,
        body: CoachUpdateBody,
        response: { 200: CoachStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.coaches.update(req.params.id, req.body),
  );

  app.delete(
    '/admin/coaches/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary:
          'Delete a coach and its product links (emits catalog.product-coach.deleted, catalog.coach.deleted)',
        params: IdParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.coaches.remove(req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/product-coaches',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Product–coach links with their coach and product, oldest first',
        querystring: ProductCoachQuery,
        response: { 200: Page(ProductCoachStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.coaches.listLinks(req.query),
  );

  app.post(
    '/admin/product-coaches',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Link a coach to a product (emits catalog.product-coach.changed)',
        body: ProductCoachCreateBody,
        response: { 201: ProductCoachStaff, 400: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.coaches.link(req.body, req.principal?.sub ?? null)),
  );

  app.delete(
    '/admin/product-coaches/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Unlink a coach from a product (emits catalog.product-coach.deleted)',
        params: IdParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.coaches.unlink(req.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default coachRoutes;
