import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  SessionAdminQuery,
  SessionCreateBody,
  SessionReorderBody,
  SessionsPage,
  SessionStaff,
  SessionUpdateBody,
} from '@rian/proto-contracts/learning-content';

const CourseParams = Type.Object({ courseId: Uuid() });

/**
 * A course's sessions (spec 02 §3 "Course session"; the SPA's /admin/coursesdetail/{id}; spec
 * coursesDetailTime list / by id / create / delete / ByCourseId): staff only. A course id that names
 * no course answers 404; a session of another course too.
 */
const adminSessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const path = '/admin/courses/:courseId/sessions';
  staffRoutes(app, {
    path,
    // every route validates and documents the course id; one that names no course (or a session of
    // another course) answers 404
    params: CourseParams,
    tag: 'admin-sessions',
    noun: 'session',
    item: SessionStaff,
    query: SessionAdminQuery,
    createBody: SessionCreateBody,
    updateBody: SessionUpdateBody,
    summaries: {
      list: "A course's sessions by date, then item; q matches the title",
      create:
        'Add a session (title and date required; type video, close unlimit, view Y, check-in N, special N, rating 1)',
      update:
        'Change some fields of a session: absent keeps, null clears (zoomRoomId: null removes the Zoom room)',
      remove: 'Delete a session (its document list entries go with it)',
    },
    list: (q, _req, { courseId }) => app.sessions.list(courseId, q),
    get: (id, _req, { courseId }) => app.sessions.byId(courseId, id),
    create: (body, req, { courseId }) => app.sessions.create(courseId, body, req.principal?.sub ?? null),
    update: (id, body, _req, { courseId }) => app.sessions.update(courseId, id, body),
    remove: (id, _req, { courseId }) => app.sessions.remove(courseId, id),
  });

  app.post(
    `${path}/reorder`,
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin-sessions'],
        security: [{ bearer: [] }],
        summary: "Put a course's sessions in this order (item 1, 2, ...), in one transaction",
        params: CourseParams,
        body: SessionReorderBody,
        response: {
          200: SessionsPage,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (req) => app.sessions.reorder(req.params.courseId, req.body.ids),
  );
};

export default adminSessionRoutes;
