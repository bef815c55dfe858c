import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { AdminEnrolmentsQuery } from '@rian/proto-contracts/learning';
import {
  AdminEnrolmentStaffPage,
  EnrolmentAuditList,
  EnrolmentGrantBody,
  EnrolmentStaff,
  EnrolmentUpdateBody,
} from '@rian/proto-contracts/learning-enrolments';

const Params = Type.Object({ id: Uuid() });
const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/**
 * The enrolments back office (/admin/userCourse): any staff. Members are named by their user id
 * (learning keeps no e-mail): the page finds a member by e-mail through auth's /admin/users.
 */
const adminEnrolmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { preHandler: app.kit.requireStaff() };
  const meta = { tags: ['admin-enrolments'], security: [{ bearer: [] }] };

  app.get(
    '/admin/enrolments',
    {
      ...common,
      schema: {
        ...meta,
        summary: 'Enrolments, newest first, by member (userId), course, status, and text in the code or note',
        querystring: AdminEnrolmentsQuery,
        response: { 200: AdminEnrolmentStaffPage, ...refusals },
      },
    },
    async (req) => app.enrolmentAdmin.list(req.query),
  );

  app.post(
    '/admin/enrolments',
    {
      ...common,
      schema: {
        ...meta,
        summary:
          'Enrol a member in a course by hand; once per member and course (409 learning.enrolment_exists)',
        body: EnrolmentGrantBody,
        response: { 201: EnrolmentStaff, ...refusals, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await app.enrolmentAdmin.grant(req.body, req.principal!.sub)),
  );

  app.get(
    '/admin/enrolments/:id',
    {
      ...common,
      schema: {
        ...meta,
        summary: 'One enrolment with its back-office fields',
        params: Params,
        response: { 200: EnrolmentStaff, ...refusals, 404: ProblemSchema },
      },
    },
    async (req) => app.enrolmentAdmin.get(req.params.id),
  );

  app.patch(
    '/admin/enrolments/:id',
    {
      ...common,
      schema: {
        ...meta,
        summary:
          'Edit code, sptk, special, courseStatus, start/end, note, LINE/Facebook flags (who set them: the caller), status; absent keeps, null clears',
        params: Params,
        body: EnrolmentUpdateBody,
        response: { 200: EnrolmentStaff, ...refusals, 404: ProblemSchema },
      },
    },
    async (req) => app.enrolmentAdmin.update(req.params.id, req.body, req.principal!.sub),
  );

  app.post(
    '/admin/enrolments/:id/end',
    {
      ...common,
      schema: {
        ...meta,
        summary: 'End an enrolment: status ended, end day today (Asia/Bangkok) unless it ends earlier',
        params: Params,
        response: { 200: EnrolmentStaff, ...refusals, 404: ProblemSchema },
      },
    },
    async (req) => app.enrolmentAdmin.end(req.params.id, req.principal!.sub),
  );

  app.get(
    '/admin/enrolments/:id/audit',
    {
      ...common,
      schema: {
        ...meta,
        summary: "The enrolment's changes, oldest first: who, when, what, before and after",
        params: Params,
        response: { 200: EnrolmentAuditList, ...refusals, 404: ProblemSchema },
      },
    },
    async (req) => app.enrolmentAdmin.audit(req.params.id),
  );
};

export default adminEnrolmentRoutes;
