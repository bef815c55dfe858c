import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { ReplayCallList } from '@rian/proto-contracts/learning-live';
import {
  CalendarList,
  CalendarQuery,
  CurrentSession,
  CurrentSessionQuery,
  DocumentDownloadList,
  LessonList,
  MemberCourseQuery,
  MemberHome,
  SessionMemberList,
  SessionParams,
  SessionView,
} from '@rian/proto-contracts/learning-member';

const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * The member area's sessions (spec 01 §7 coursesDetailTime: Calendar, Today, ByCoursesIdAnd
 * Live/Real/Meeting, View; the videos family's lesson list). Members only (staff 403); the course
 * is the member's selected one unless `courseId` names another the member is enrolled in.
 */
const memberSessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = { tags: ['member-sessions'], security: [{ bearer: [] }] };

  app.get(
    '/member/sessions/calendar',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary: 'Calendar items (spec 02 §3) of the course between two Asia/Bangkok days, at most 62 days',
        querystring: CalendarQuery,
        response: { 200: CalendarList, ...refusals },
      },
    },
    async (req) => app.memberSessions.calendar(req.principal!.sub, req.query),
  );

  app.get(
    '/member/home',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          "Issue 13: entering the member area in one read — the enrolment and its course, today's sessions, the next ones, the live / real / meeting session around now (meeting: hasRoom), the lesson count, the SuperTracking link; cached a few seconds",
        querystring: MemberCourseQuery,
        response: { 200: MemberHome, ...refusals },
      },
    },
    async (req) => app.memberSessions.home(req.principal!.sub, req.query.courseId),
  );

  app.get(
    '/member/sessions/today',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary: "Today's sessions (Asia/Bangkok) of the course that the member may open",
        querystring: MemberCourseQuery,
        response: { 200: SessionMemberList, ...refusals },
      },
    },
    async (req) => ({ items: await app.memberSessions.today(req.principal!.sub, req.query.courseId) }),
  );

  app.get(
    '/member/sessions/current',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          'The live / real / meeting session of the course around now (from an hour before its start to its end), with its room; item null when none',
        querystring: CurrentSessionQuery,
        response: { 200: CurrentSession, ...refusals },
      },
    },
    async (req) => ({
      item: await app.memberSessions.current(req.principal!.sub, req.query.type, req.query.courseId),
    }),
  );

  app.get(
    '/member/sessions/:id',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          "A session the member may open: its video (an upload's playlist signed, short-lived), documents (signed URLs) and Zoom room with passcode; otherwise 404",
        params: SessionParams,
        response: { 200: SessionView, ...refusals },
      },
    },
    async (req) => app.memberSessions.byId(req.principal!.sub, req.params.id),
  );

  app.get(
    '/member/sessions/:id/calls',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          "Issue 15: the trade calls of the live broadcast the session's video records (hidden ones left out), each at its time in the video; empty when the video records none; the session's access rule, else 404",
        params: SessionParams,
        response: { 200: ReplayCallList, ...refusals },
      },
    },
    async (req) => app.memberSessions.replayCalls(req.principal!.sub, req.params.id),
  );

  app.get(
    '/member/lessons',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary: 'The recorded lessons of the course the member may open (video sessions with a shown video)',
        querystring: MemberCourseQuery,
        response: { 200: LessonList, ...refusals },
      },
    },
    async (req) => app.memberSessions.lessons(req.principal!.sub, req.query.courseId),
  );

  app.get(
    '/member/documents',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          "The documents listed on the course itself, each with a short-lived signed URL (a session's own documents come with the session)",
        querystring: MemberCourseQuery,
        response: { 200: DocumentDownloadList, ...refusals },
      },
    },
    async (req) => ({
      items: await app.memberSessions.courseDocuments(req.principal!.sub, req.query.courseId),
    }),
  );
};

export default memberSessionRoutes;
