import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  CourseId,
  ProductCourseAddBody,
  ProductCourses,
  ProductCoursesBody,
} from '@rian/proto-contracts/catalog-commerce';

const ProductParams = Type.Object({ productId: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** The courses a product grants (spec "Package product"), for staff; each change emits the whole list. */
const productCourseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.kit.requireStaff();
  const common = { tags: ['admin product courses'], security: [{ bearer: [] }] };
  const answers = { 200: ProductCourses, 400: ProblemSchema, 404: ProblemSchema, ...guarded };

  app.get(
    '/admin/products/:productId/courses',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'The courses the product grants',
        params: ProductParams,
        response: answers,
      },
    },
    async (req) => app.productCourses.get(req.params.productId),
  );

  app.put(
    '/admin/products/:productId/courses',
    {
      preHandler,
      schema: {
        ...common,
        summary:
          'Replace the whole list (duplicates dropped; emits catalog.product-courses.changed when it changes)',
        params: ProductParams,
        body: ProductCoursesBody,
        response: answers,
      },
    },
    async (req) =>
      app.productCourses.replace(req.params.productId, req.body.courseIds, req.principal?.sub ?? null),
  );

  app.post(
    '/admin/products/:productId/courses',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Add one course at the end (already there: unchanged)',
        params: ProductParams,
        body: ProductCourseAddBody,
        response: answers,
      },
    },
    async (req) =>
      app.productCourses.add(req.params.productId, req.body.courseId, req.principal?.sub ?? null),
  );

  app.delete(
    '/admin/products/:productId/courses/:courseId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Take one course off the list (not there: unchanged)',
        params: Type.Object({ productId: Uuid(), courseId: CourseId() }),
        response: answers,
      },
    },
    async (req) =>
      app.productCourses.remove(req.params.productId, req.params.courseId, req.principal?.sub ?? null),
  );
};

export default productCourseRoutes;
