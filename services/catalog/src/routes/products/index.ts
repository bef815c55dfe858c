import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { ProductListQuery, ProductPublic } from '@rian/proto-contracts/catalog';

/** The shop's reads: no token, disabled products never show. */
const publicProductRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Products on sale, newest first; q matches title, subtitle or url',
        querystring: ProductListQuery,
        response: { 200: Page(ProductPublic), 400: ProblemSchema },
      },
    },
    async (req) => app.products.listPublic(req.query),
  );

  app.get(
    '/products/by-url/:url',
    {
      schema: {
        tags: ['products'],
        summary: 'The product shown at /product/{url}',
        params: Type.Object({ url: Type.String({ maxLength: 120 }) }),
        response: { 200: ProductPublic, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.products.publicByUrl(req.params.url),
  );
};

export default publicProductRoutes;
