import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TObject } from '@sinclair/typebox';
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

const courseOf = (req: { params: unknown }) => (req.params as { courseId: string }).courseId;

/**
 * A course's sessions (spec 02 §3 "Course session"; the SPA's /admin/coursesdetail/{id}; spec
 * coursesDetailTime list / by id / create / delete / ByCourseId): staff only. A course id that names
 * no course answers 404; a session of another course too.
 */
const adminSessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const path = '/admin/courses/:courseId/sessions';
  // staffRoutes declares the session's own id; every route here also validates (and documents) the
  // course id of its path
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(path)) return;
    const own = (route.schema?.params as TObject | undefined)?.properties ?? {};
    route.schema = { ...route.schema, params: Type.Object({ courseId: Uuid(), ...own }) };
  });
  staffRoutes(app, {
    path,
    tag: 'admin-sessions',
    noun: 'session',
    item: SessionStaff,
    // a course id that names no course (or a session of another course): 404
    problems: { list: [404], create: [404] },
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
    list: (q, req) => app.sessions.list(courseOf(req), q),
    get: (id, req) => app.sessions.byId(courseOf(req), id),
    create: (body, req) => app.sessions.create(courseOf(req), body, req.principal?.sub ?? null),
    update: (id, body, req) => app.sessions.update(courseOf(req), id, body),
    remove: (id, req) => app.sessions.remove(courseOf(req), id),
  });

  app.post(
    `${path}/reorder`,
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin-sessions'],
        security: [{ bearer: [] }],
        summary: "Put a course's sessions in this order (item 1, 2, ...), in one transaction",
        params: Type.Object({ courseId: Uuid() }),
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
