import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  AdminUserRecordQuery,
  PlaybackParams,
  UserDetailInput,
  UserDetailList,
  UserDetailView,
  UserPortInput,
  UserPortList,
  UserPortView,
  UserRecordQuery,
} from '@rian/proto-contracts/learning-watch';

const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/**
 * Spec 01 §7 userDetail and userPort (list, find, create, delete): the member's own records under
 * /member, everyone's for staff (read only) under /admin.
 */
const userRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const families = [
    {
      path: '/member/user-details',
      noun: 'viewing note (UserDetail)',
      item: UserDetailView,
      list: UserDetailList,
      input: UserDetailInput,
      all: (userId: string, q: UserRecordQuery) => app.userRecords.details({ ...q, userId }),
      one: (userId: string, id: string) => app.userRecords.detail(id, userId),
      create: (userId: string, body: UserDetailInput) => app.userRecords.createDetail(userId, body),
      remove: (userId: string, id: string) => app.userRecords.removeDetail(userId, id),
    },
    {
      path: '/member/user-ports',
      noun: 'portfolio figure (UserPort)',
      item: UserPortView,
      list: UserPortList,
      input: UserPortInput,
      all: (userId: string, q: UserRecordQuery) => app.userRecords.ports({ ...q, userId }),
      one: (userId: string, id: string) => app.userRecords.port(id, userId),
      create: (userId: string, body: UserPortInput) => app.userRecords.createPort(userId, body),
      remove: (userId: string, id: string) => app.userRecords.removePort(userId, id),
    },
  ] as const;

  for (const f of families) {
    const meta = { tags: ['member-records'], security: [{ bearer: [] }] };
    app.get(
      f.path,
      {
        preHandler: app.kit.requireUser,
        schema: {
          ...meta,
          summary: `The member's own ${f.noun} records, newest first`,
          querystring: UserRecordQuery,
          response: { 200: f.list, ...refusals },
        },
      },
      async (req) => f.all(req.principal!.sub, req.query),
    );
    app.get(
      `${f.path}/:id`,
      {
        preHandler: app.kit.requireUser,
        schema: {
          ...meta,
          summary: `One of the member's own ${f.noun} records (another's answers 404)`,
          params: PlaybackParams,
          response: { 200: f.item, ...refusals, 404: ProblemSchema },
        },
      },
      async (req) => f.one(req.principal!.sub, req.params.id),
    );
    app.post(
      f.path,
      {
        preHandler: app.kit.requireUser,
        schema: {
          ...meta,
          summary: `Add a ${f.noun} record of the member's own`,
          body: f.input,
          response: { 201: f.item, ...refusals },
        },
      },
      async (req, reply) => {
        reply.code(201);
        return f.create(req.principal!.sub, req.body as never);
      },
    );
    app.delete(
      `${f.path}/:id`,
      {
        preHandler: app.kit.requireUser,
        schema: {
          ...meta,
          summary: `Delete one of the member's own ${f.noun} records (another's answers 404)`,
          params: PlaybackParams,
          response: { 204: Type.Null(), ...refusals, 404: ProblemSchema },
        },
      },
      async (req, reply) => {
        await f.remove(req.principal!.sub, req.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  staffRoutes(app, {
    path: '/admin/user-details',
    tag: 'admin member records',
    noun: 'viewing note (UserDetail)',
    item: UserDetailView,
    query: AdminUserRecordQuery,
    summaries: {
      list: "Every member's viewing notes (UserDetail), newest first; userId narrows to one member",
    },
    list: (q) => app.userRecords.adminDetails(q),
    get: (id) => app.userRecords.detail(id),
  });
  staffRoutes(app, {
    path: '/admin/user-ports',
    tag: 'admin member records',
    noun: 'portfolio figure (UserPort)',
    item: UserPortView,
    query: AdminUserRecordQuery,
    summaries: {
      list: "Every member's portfolio figures (UserPort), newest first; userId narrows to one member",
    },
    list: (q) => app.userRecords.adminPorts(q),
    get: (id) => app.userRecords.port(id),
  });
};

export default userRecordRoutes;
