import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  InstructorAdminQuery,
  InstructorCreateBody,
  InstructorOfMonthQuery,
  InstructorPublic,
  InstructorPublicQuery,
  InstructorsOfMonth,
  InstructorStaff,
  InstructorUpdateBody,
} from '@rian/proto-contracts/catalog-content';

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 401: ProblemSchema, 403: ProblemSchema };

/** Instructors (speakers): /speakers and the instructor of the month (no token), /admin/instructor (staff). */
const instructorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const shop = { tags: ['instructors'] };

  app.get(
    '/instructors',
    {
      schema: {
        ...shop,
        summary: 'Speakers not hidden, by item then name',
        querystring: InstructorPublicQuery,
        response: { 200: Page(InstructorPublic), 400: ProblemSchema },
      },
    },
    async (req) => app.instructors.listPublic(req.query),
  );

  app.get(
    '/instructors/of-month',
    {
      schema: {
        ...shop,
        summary:
          'The instructors of the month: speakers staff featured for month (yyyy-mm, default the current Asia/Bangkok month)',
        querystring: InstructorOfMonthQuery,
        response: { 200: InstructorsOfMonth, 400: ProblemSchema },
      },
    },
    async (req) => app.instructors.ofMonth(req.query.month),
  );

  app.get(
    '/instructors/:id',
    {
      schema: {
        ...shop,
        summary: 'One speaker (hidden ones are not found)',
        params: IdParams,
        response: { 200: InstructorPublic, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.instructors.publicById(req.params.id),
  );

  const preHandler = app.kit.requireStaff();
  const admin = { tags: ['admin instructors'], security: [{ bearer: [] }] };

  app.get(
    '/admin/instructors',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Every instructor, hidden ones too; q matches name or position',
        querystring: InstructorAdminQuery,
        response: { 200: Page(InstructorStaff), 400: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.instructors.listStaff(req.query),
  );

  app.get(
    '/admin/instructors/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'One instructor',
        params: IdParams,
        response: { 200: InstructorStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.instructors.staffById(req.params.id),
  );

  app.post(
    '/admin/instructors',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Add an instructor (emits catalog.instructor.changed)',
        body: InstructorCreateBody,
        response: { 201: InstructorStaff, 400: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.instructors.create(req.body, req.principal?.sub ?? null)),
  );

  app.put(
    '/admin/instructors/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Change some fields: absent keeps, null clears (emits catalog.instructor.changed)',
        params: IdParams,
        body: InstructorUpdateBody,
        response: { 200: InstructorStaff, 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.instructors.update(req.params.id, req.body),
  );

  app.delete(
    '/admin/instructors/:id',
    {
      preHandler,
      schema: {
        ...admin,
        summary: 'Delete an instructor (emits catalog.instructor.deleted)',
        params: IdParams,
        response: { 204: Type.Null(), 400: ProblemSchema, 404: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.instructors.remove(req.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default instructorRoutes;
