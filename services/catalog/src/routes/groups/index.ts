import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { staffRoutes } from '@rian/kit/staff-routes';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  Items,
  ProductGroupCreateBody,
  ProductGroupQuery,
  ProductGroupStaff,
  ProductGroupUpdateBody,
} from '@rian/proto-contracts/catalog-content';

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

  staffRoutes(app, {
    path: '/admin/product-groups',
    tag: 'admin product groups',
    noun: 'product group',
    item: ProductGroupStaff,
    query: ProductGroupQuery,
    createBody: ProductGroupCreateBody,
    updateBody: ProductGroupUpdateBody,
    conflict: ['create', 'update'],
    summaries: {
      list: 'Product groups, oldest first, by product and/or member group',
      create: 'Give a product a member group (emits catalog.product-group.changed)',
      update: 'Change the product or the member group (emits catalog.product-group.changed)',
      remove: 'Remove a member group from a product (emits catalog.product-group.deleted)',
    },
    service: app.groups,
  });
};

export default groupRoutes;
