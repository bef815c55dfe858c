import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import {
  ProductCreateBody,
  ProductListQuery,
  ProductStaff,
  ProductUpdateBody,
} from '@rian/proto-contracts/catalog';

/** Back-office product administration (/admin/product): any staff member. */
const adminProductRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffRoutes(app, {
    path: '/admin/products',
    tag: 'admin products',
    noun: 'product',
    item: ProductStaff,
    query: ProductListQuery,
    createBody: ProductCreateBody,
    updateBody: ProductUpdateBody,
    conflict: ['create', 'update'],
    summaries: {
      list: 'All products, disabled ones included, newest first',
      create: 'Create a product (emits catalog.product.changed)',
      update: 'Change some fields of a product (emits catalog.product.changed)',
      remove: 'Delete a product (emits catalog.product.deleted)',
    },
    service: app.products,
  });
};

export default adminProductRoutes;
