import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, PageQuery, Uuid } from '@rian/proto-contracts/common';
import { staffRoutes } from '@rian/kit/staff-routes';
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

  staffRoutes(app, {
    path: '/admin/coaches',
    tag: 'admin coaches',
    noun: 'coach',
    item: CoachStaff,
    query: CoachAdminQuery,
    createBody: CoachCreateBody,
    updateBody: CoachUpdateBody,
    summaries: {
      list: 'Coaches; q matches name, nickname or position',
      create: 'Add a coach (emits catalog.coach.changed)',
      update: 'Change some fields of a coach: absent keeps, null clears (emits catalog.coach.changed)',
      remove:
        'Delete a coach and its product links (emits catalog.product-coach.deleted, catalog.coach.deleted)',
    },
    service: app.coaches,
  });

  staffRoutes(app, {
    path: '/admin/product-coaches',
    tag: 'admin coaches',
    noun: 'product–coach link',
    item: ProductCoachStaff,
    query: ProductCoachQuery,
    createBody: ProductCoachCreateBody,
    conflict: ['create'],
    summaries: {
      list: 'Product–coach links with their coach and product, oldest first',
      create: 'Link a coach to a product (emits catalog.product-coach.changed)',
      remove: 'Unlink a coach from a product (emits catalog.product-coach.deleted)',
    },
    list: (q) => app.coaches.listLinks(q),
    create: (body, req) => app.coaches.link(body, req.principal?.sub ?? null),
    remove: (id) => app.coaches.unlink(id),
  });
};

export default coachRoutes;
