import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { AdminEnrolmentsQuery } from '@rian/proto-contracts/learning';
import {
  EnrolmentAuditList,
  EnrolmentGrantBody,
  EnrolmentStaff,
  EnrolmentUpdateBody,
} from '@rian/proto-contracts/learning-enrolments';

const Params = Type.Object({ id: Uuid() });
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * The enrolments back office (/admin/userCourse): any staff. Members are named by their user id
 * (learning keeps no e-mail): the page finds a member by e-mail through auth's /admin/users.
 * List, get, grant (create) and edit (update) are the kit's staff routes; an enrolment is never
 * deleted — it is ended, and its changes are read from its audit.
 */
const adminEnrolmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffRoutes(app, {
    path: '/admin/enrolments',
    tag: 'admin-enrolments',
    noun: 'enrolment',
    item: EnrolmentStaff,
    query: AdminEnrolmentsQuery,
    createBody: EnrolmentGrantBody,
    updateBody: EnrolmentUpdateBody,
    conflict: ['create'],
    summaries: {
      list: 'Enrolments, newest first, by member (userId), course, status, and text in the code or note',
      create:
        'Enrol a member in a course by hand; once per member and course (409 learning.enrolment_exists)',
      update:
        'Edit code, sptk, special, courseStatus, start/end, note, LINE/Facebook flags (who set them: the caller), status; absent keeps, null clears',
    },
    list: (q) => app.enrolmentAdmin.list(q),
    get: (id) => app.enrolmentAdmin.get(id),
    create: (body, req) => app.enrolmentAdmin.grant(body, req.principal!.sub),
    update: (id, body, req) => app.enrolmentAdmin.update(id, body, req.principal!.sub),
  });

  const meta = { tags: ['admin-enrolments'], security: [{ bearer: [] }] };
  const preHandler = app.kit.requireStaff();

  app.post(
    '/admin/enrolments/:id/end',
    {
      preHandler,
      schema: {
        ...meta,
        summary: 'End an enrolment: status ended, end day today (Asia/Bangkok) unless it ends earlier',
        params: Params,
        response: { 200: EnrolmentStaff, ...problems },
      },
    },
    async (req) => app.enrolmentAdmin.end(req.params.id, req.principal!.sub),
  );

  app.get(
    '/admin/enrolments/:id/audit',
    {
      preHandler,
      schema: {
        ...meta,
        summary: "The enrolment's changes, oldest first: who, when, what, before and after",
        params: Params,
        response: { 200: EnrolmentAuditList, ...problems },
      },
    },
    async (req) => app.enrolmentAdmin.audit(req.params.id),
  );
};

export default adminEnrolmentRoutes;
