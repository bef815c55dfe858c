import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  CheckinAdminQuery,
  CheckinBody,
  CheckinCsvQuery,
  CheckinIdParams,
  CheckinKiosk,
  CheckinManualBody,
  CheckinManualResult,
  CheckinMemberPage,
  CheckinMemberQuery,
  CheckinPage,
  CheckinResult,
  CheckinSessionList,
  CheckinSessionParams,
  CheckinSessionsQuery,
} from '@rian/proto-contracts/learning-checkin';

const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * On-site check-in (issue 16; spec 01 §7 userCheckin, spec 02 /admin/userChecking): the member's
 * check-in and own list; the staff kiosk, lists, CSV, check-in by hand. Contract:
 * proto-contracts/learning-checkin.ts.
 */
const checkinRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const member = app.kit.requireUser;
  const staff = app.kit.requireStaff();
  const memberMeta = { tags: ['checkins'], security: [{ bearer: [] }] };
  const staffMeta = { tags: ['checkins-admin'], security: [{ bearer: [] }] };

  app.post(
    '/member/checkins',
    {
      preHandler: member,
      schema: {
        ...memberMeta,
        summary:
          'CheckUser: check in to an on-site session with the kiosk’s QR code or typed code (201 checked_in; 200 already, with the first time)',
        body: CheckinBody,
        response: {
          200: CheckinResult,
          201: CheckinResult,
          ...refusals,
          409: ProblemSchema,
          429: ProblemSchema,
        },
      },
    },
    async (req, reply) => {
      const { created, answer } = await app.checkins.checkIn(req.principal!.sub, req.body);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/member/checkins',
    {
      preHandler: member,
      schema: {
        ...memberMeta,
        summary: 'ByUserId: the member’s own check-ins, newest first',
        querystring: CheckinMemberQuery,
        response: { 200: CheckinMemberPage, ...refusals },
      },
    },
    async (req) => app.checkins.mine(req.principal!.sub, req.query),
  );

  app.get(
    '/admin/checkins/kiosk/:sessionId',
    {
      preHandler: staff,
      schema: {
        ...staffMeta,
        summary:
          'The kiosk: the session’s QR code and typed code now, the link the QR holds and when the code changes (every 30 s)',
        params: CheckinSessionParams,
        response: { 200: CheckinKiosk, ...refusals },
      },
    },
    async (req) => app.checkins.kiosk(req.params.sessionId),
  );

  app.get(
    '/admin/checkins/sessions',
    {
      preHandler: staff,
      schema: {
        ...staffMeta,
        summary: 'On-site sessions with check-in on (newest day first), with how many checked in',
        querystring: CheckinSessionsQuery,
        response: { 200: CheckinSessionList, ...refusals },
      },
    },
    async (req) => app.checkins.sessions(req.query),
  );

  app.get(
    '/admin/checkins',
    {
      preHandler: staff,
      schema: {
        ...staffMeta,
        summary:
          'Check-ins by session (ByCoursesDetailTimeId, UserByCoursesDetailTimeId), course (ByCoursesId) or member (ByUserId), newest first',
        querystring: CheckinAdminQuery,
        response: { 200: CheckinPage, ...refusals },
      },
    },
    async (req) => app.checkins.list(req.query),
  );

  app.get(
    '/admin/checkins.csv',
    {
      preHandler: staff,
      schema: {
        ...staffMeta,
        summary: 'The same lists as CSV (UTF-8 with BOM for Excel, times in Asia/Bangkok)',
        querystring: CheckinCsvQuery,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'CSV text' }), ...refusals },
      },
    },
    async (req, reply) => {
      const csv = await app.checkins.csv(req.query);
      const name = req.query.sessionId ?? req.query.courseId ?? 'all';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="checkins-${name}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/admin/checkins',
    {
      preHandler: staff,
      schema: {
        ...staffMeta,
        summary:
          'Check a member in by hand (the staff member is kept); 201, or 200 already with the first check-in',
        body: CheckinManualBody,
        response: { 200: CheckinManualResult, 201: CheckinManualResult, ...refusals },
      },
    },
    async (req, reply) => {
      const { created, answer } = await app.checkins.manual(req.principal!.sub, req.body);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.delete(
    '/admin/checkins/:id',
    {
      preHandler: staff,
      schema: {
        ...staffMeta,
        summary: 'Remove a check-in made by mistake',
        params: CheckinIdParams,
        response: { 204: Type.Null(), ...refusals },
      },
    },
    async (req, reply) => {
      await app.checkins.remove(req.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default checkinRoutes;
