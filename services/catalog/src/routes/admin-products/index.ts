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
    list: (q) => app.products.listStaff(q),
    get: (id) => app.products.staffById(id),
    create: (body, req) => app.products.create(body, req.principal?.sub ?? null),
    update: (id, body) => app.products.update(id, body),
    remove: (id) => app.products.remove(id),
  });
};

export default adminProductRoutes;
