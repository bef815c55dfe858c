import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import { staffRoutes } from '@rian/kit/staff-routes';
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

  const tag = 'admin product details';

  staffRoutes(app, {
    path: '/admin/detail-types',
    tag,
    noun: 'detail type',
    item: DetailTypeStaff,
    query: ContentPageQuery,
    createBody: DetailTypeCreateBody,
    updateBody: DetailTypeUpdateBody,
    conflict: ['remove'],
    summaries: {
      list: 'Detail types by item then name',
      create: 'Add a detail type (emits catalog.detail-type.changed)',
      update:
        'Change some fields of a detail type: absent keeps, null clears (emits catalog.detail-type.changed)',
      remove: 'Delete a detail type no detail list uses; 409 otherwise (emits catalog.detail-type.deleted)',
    },
    list: (q) => app.details.listTypesStaff(q),
    get: (id) => app.details.typeById(id),
    create: (body, req) => app.details.createType(body, req.principal?.sub ?? null),
    update: (id, body) => app.details.updateType(id, body),
    remove: (id) => app.details.removeType(id),
  });

  staffRoutes(app, {
    path: '/admin/detail-lists',
    tag,
    noun: 'detail list item',
    item: DetailListStaff,
    query: DetailListQuery,
    createBody: DetailListCreateBody,
    updateBody: DetailListUpdateBody,
    conflict: ['create', 'update'],
    summaries: {
      list: 'Detail lists of every product, by product and/or type, by item',
      create: 'Add a detail list item (emits catalog.detail-list.changed)',
      update:
        'Change some fields of a detail list item: absent keeps, null clears (emits catalog.detail-list.changed)',
      remove: 'Delete a detail list item (emits catalog.detail-list.deleted)',
    },
    list: (q) => app.details.listListsStaff(q),
    get: (id) => app.details.listById(id),
    create: (body, req) => app.details.createList(body, req.principal?.sub ?? null),
    update: (id, body) => app.details.updateList(id, body),
    remove: (id) => app.details.removeList(id),
  });

  staffRoutes(app, {
    path: '/admin/detail-texts',
    tag,
    noun: 'detail text',
    item: DetailTextStaff,
    query: ContentPageQuery,
    createBody: DetailTextCreateBody,
    updateBody: DetailTextUpdateBody,
    summaries: {
      list: 'Detail texts in the order written',
      create: 'Add a detail text (emits catalog.detail-text.changed)',
      update:
        'Change some fields of a detail text: absent keeps, null clears (emits catalog.detail-text.changed)',
      remove: 'Delete a detail text (emits catalog.detail-text.deleted)',
    },
    list: (q) => app.details.listTextsStaff(q),
    get: (id) => app.details.textById(id),
    create: (body, req) => app.details.createText(body, req.principal?.sub ?? null),
    update: (id, body) => app.details.updateText(id, body),
    remove: (id) => app.details.removeText(id),
  });
};

export default detailRoutes;
