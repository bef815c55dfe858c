import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  ContentPageQuery,
  DetailListCreateBody,
  DetailListPublic,
  DetailListQuery,
  DetailListStaff,
  DetailListUpdateBody,
  DetailTextCreateBody,
  DetailTextPublic,
  DetailTextStaff,
  DetailTextUpdateBody,
  DetailTypeCreateBody,
  DetailTypePublic,
  DetailTypeStaff,
  DetailTypeUpdateBody,
  ProductDetails,
} from '@rian/proto-contracts/catalog-content';

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** The product page's tabs: detail types, lists and texts — read by anyone, written by staff. */
const detailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const shop = { tags: ['product details'] };

  app.get(
    '/products/:productId/details',
    {
      schema: {
        ...shop,
        summary: 'The tabs of an enabled product that have items, each with its items, in order (one call)',
        params: Type.Object({ productId: Uuid() }),
        response: { 200: ProductDetails, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.details.productDetails(req.params.productId),
  );

  app.get(
    '/detail-types',
    {
      schema: {
        ...shop,
        summary: 'Detail types (tab names) by item then name',
        querystring: ContentPageQuery,
        response: { 200: Page(DetailTypePublic), 400: ProblemSchema },
      },
    },
    async (req) => app.details.listTypes(req.query),
  );

  app.get(
    '/detail-lists',
    {
      schema: {
        ...shop,
        summary: 'Detail lists of enabled products, by product and/or type, by item',
        querystring: DetailListQuery,
        response: { 200: Page(DetailListPublic), 400: ProblemSchema },
      },
    },
    async (req) => app.details.listLists(req.query),
  );

  app.get(
    '/detail-texts',
    {
      schema: {
        ...shop,
        summary: 'Detail texts shared by every product page, in the order written',
        querystring: ContentPageQuery,
        response: { 200: Page(DetailTextPublic), 400: ProblemSchema },
      },
    },
    async (req) => app.details.listTexts(req.query),
  );

  const preHandler = app.kit.requireStaff();
  const admin = { tags: ['admin product details'], security: [{ bearer: [] }] };

  app.get(
    '/admin/detail-types',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Detail types by item then name',
        querystring: ContentPageQuery,
        response: { 200: Page(DetailTypeStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.details.listTypesStaff(req.query),
  );

  app.get(
    '/admin/detail-types/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'One detail type',
        params: IdParams,
        response: { 200: DetailTypeStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.details.typeById(req.params.id),
  );

  app.post(
    '/admin/detail-types',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Add a detail type (emits catalog.detail-type.changed)',
        body: DetailTypeCreateBody,
        response: { 201: DetailTypeStaff, 400: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.details.createType(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/detail-types/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary:
          'Change some fields of a detail type: absent keeps, null clears (emits catalog.detail-type.changed)',
        params: IdParams,
        body: DetailTypeUpdateBody,
        response: { 200: DetailTypeStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.details.updateType(req.params.id, req.body),
  );

  app.delete(
    '/admin/detail-types/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary:
          'Delete a detail type no detail list uses; 409 otherwise (emits catalog.detail-type.deleted)',
        params: IdParams,
        response: {
          204: Type.Null(),
          400: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          ...guarded,
        },
      },
    },
    async (req, reply) => {
      await app.details.removeType(req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/detail-lists',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Detail lists of every product, by product and/or type, by item',
        querystring: DetailListQuery,
        response: { 200: Page(DetailListStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.details.listListsStaff(req.query),
  );

  app.get(
    '/admin/detail-lists/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'One detail list item',
        params: IdParams,
        response: { 200: DetailListStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.details.listById(req.params.id),
  );

  app.post(
    '/admin/detail-lists',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Add a detail list item (emits catalog.detail-list.changed)',
        body: DetailListCreateBody,
        response: { 201: DetailListStaff, 400: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.details.createList(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/detail-lists/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary:
          'Change some fields of a detail list item: absent keeps, null clears (emits catalog.detail-list.changed)',
        params: IdParams,
        body: DetailListUpdateBody,
        response: {
          200: DetailListStaff,
          400: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          ...guarded,
        },
      },
    },
    async (req) => app.details.updateList(req.params.id, req.body),
  );

  app.delete(
    '/admin/detail-lists/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Delete a detail list item (emits catalog.detail-list.deleted)',
        params: IdParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.details.removeList(req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/detail-texts',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Detail texts in the order written',
        querystring: ContentPageQuery,
        response: { 200: Page(DetailTextStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.details.listTextsStaff(req.query),
  );

  app.get(
    '/admin/detail-texts/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'One detail text',
        params: IdParams,
        response: { 200: DetailTextStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.details.textById(req.params.id),
  );

  app.post(
    '/admin/detail-texts',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Add a detail text (emits catalog.detail-text.changed)',
        body: DetailTextCreateBody,
        response: { 201: DetailTextStaff, 400: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.details.createText(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/detail-texts/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary:
          'Change some fields of a detail text: absent keeps, null clears (emits catalog.detail-text.changed)',
        params: IdParams,
        body: DetailTextUpdateBody,
        response: { 200: DetailTextStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.details.updateText(req.params.id, req.body),
  );

  app.delete(
    '/admin/detail-texts/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Delete a detail text (emits catalog.detail-text.deleted)',
        params: IdParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.details.removeText(req.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default detailRoutes;
