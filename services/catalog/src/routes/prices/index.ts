import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  PriceAdminListQuery,
  PriceCreateBody,
  PriceLookup,
  PriceLookupQuery,
  PriceStaff,
  PriceUpdateBody,
  PricingPage,
} from '@rian/proto-contracts/catalog-commerce';
import { optionalSignIn } from '../../plugins/app/commerce-support.js';

const ProductParams = Type.Object({ productId: Uuid() });
const PriceParams = Type.Object({ productId: Uuid(), priceId: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** Product prices: the shop's lookup by date (spec 02 §4) and their administration by staff. */
const priceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/products/:productId/prices',
    {
      preHandler: optionalSignIn(app.kit),
      schema: {
        tags: ['prices'],
        summary:
          "The prices the signed-in member may choose on a day (default: today in Asia/Bangkok): not removed, in their window, for one of the member's membership codes; SEB, EB, NL. Anonymous: none.",
        security: [{}, { bearer: [] }],
        params: ProductParams,
        querystring: PriceLookupQuery,
        response: { 200: PriceLookup, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.prices.lookup(req.params.productId, req.query.date, req.principal),
  );

  app.get(
    '/pricing',
    {
      schema: {
        tags: ['prices'],
        summary:
          'The public /pricing page on a day (default today in Asia/Bangkok): enabled products and packages with price_list Y; of the products, the prices marked show Y and on sale that day',
        querystring: PriceLookupQuery,
        response: { 200: PricingPage, 400: ProblemSchema },
      },
    },
    async (req) => app.prices.pricing(req.query.date),
  );

  const preHandler = app.kit.requireStaff();
  const common = { tags: ['admin prices'], security: [{ bearer: [] }] };

  app.get(
    '/admin/products/:productId/prices',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'The prices of a product, oldest first; removed ones only with includeRemoved=true',
        params: ProductParams,
        querystring: PriceAdminListQuery,
        response: { 200: Page(PriceStaff), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.prices.listStaff(req.params.productId, req.query),
  );

  app.get(
    '/admin/products/:productId/prices/:priceId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'One price (removed ones too)',
        params: PriceParams,
        response: { 200: PriceStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.prices.staffById(req.params.productId, req.params.priceId),
  );

  app.post(
    '/admin/products/:productId/prices',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Add a price (emits catalog.price.changed); defaults type NL, member NL, show N, fee N',
        params: ProductParams,
        body: PriceCreateBody,
        response: { 201: PriceStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await app.prices.create(req.params.productId, req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/products/:productId/prices/:priceId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Change some fields of a price (emits catalog.price.changed)',
        params: PriceParams,
        body: PriceUpdateBody,
        response: { 200: PriceStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.prices.update(req.params.productId, req.params.priceId, req.body),
  );

  app.delete(
    '/admin/products/:productId/prices/:priceId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Remove a price (soft: marked removed; emits catalog.price.changed with removed true)',
        params: PriceParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.prices.remove(req.params.productId, req.params.priceId, req.principal?.sub ?? null);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/products/:productId/prices/:priceId/restore',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Put a removed price back on sale (emits catalog.price.changed)',
        params: PriceParams,
        response: { 200: PriceStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.prices.restore(req.params.productId, req.params.priceId),
  );
};

export default priceRoutes;
