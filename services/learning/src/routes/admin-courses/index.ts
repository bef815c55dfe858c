import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  AdminCoursesPage,
  CourseAdminQuery,
  CourseCreateBody,
  CourseStaff,
  CourseUpdateBody,
} from '@rian/proto-contracts/learning';

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** /admin/courses (spec 02 §7 "courses: list, by id, create, delete"): staff only. */
const adminCourseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.kit.requireStaff();
  const admin = { tags: ['admin-courses'], security: [{ bearer: [] }] };

  app.get(
    '/admin/courses',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Courses, newest first by default; q matches title or code',
        querystring: CourseAdminQuery,
        response: { 200: AdminCoursesPage, 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.courses.list(req.query),
  );

  app.get(
    '/admin/courses/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'One course',
        params: IdParams,
        response: { 200: CourseStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.courses.staffById(req.params.id),
  );

  app.post(
    '/admin/courses',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Add a course (title required; status open and live streaming N by default)',
        body: CourseCreateBody,
        response: { 201: CourseStaff, 400: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.courses.create(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/courses/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Change some fields of a course: absent keeps, null clears',
        params: IdParams,
        body: CourseUpdateBody,
        response: {
          200: CourseStaff,
          400: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          ...guarded,
        },
      },
    },
    async (req) => app.courses.update(req.params.id, req.body),
  );

  app.delete(
    '/admin/courses/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Delete a course no member is enrolled in (else 409 learning.course_in_use)',
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
      await app.courses.remove(req.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default adminCourseRoutes;
