import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page, Uuid } from '@rian/proto-contracts/common';
import { staffRoutes } from '@rian/kit/staff-routes';
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

  staffRoutes(app, {
    path: '/admin/instructors',
    tag: 'admin instructors',
    noun: 'instructor',
    item: InstructorStaff,
    query: InstructorAdminQuery,
    createBody: InstructorCreateBody,
    updateBody: InstructorUpdateBody,
    summaries: {
      list: 'Every instructor, hidden ones too; q matches name or position',
      create: 'Add an instructor (emits catalog.instructor.changed)',
      update: 'Change some fields: absent keeps, null clears (emits catalog.instructor.changed)',
      remove: 'Delete an instructor (emits catalog.instructor.deleted)',
    },
    service: app.instructors,
  });
};

export default instructorRoutes;
