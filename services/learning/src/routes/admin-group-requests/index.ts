import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  GroupRequestAdminQuery,
  GroupRequestApproveBody,
  GroupRequestCreateBody,
  GroupRequestStaff,
  UngroupedPage,
  UngroupedQuery,
} from '@rian/proto-contracts/learning-groups';

const Params = Type.Object({ id: Uuid() });
const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};

/**
 * Join requests (the SPA's /admin/memberGroupUser and /admin/memberGroupUserNone; spec memberGroupUser
 * ByGroupId / list / create / by id, and its removal = un-approve): staff only. Approve and
 * un-approve follow the domain's transition table (409 `learning.group_request_state` otherwise).
 */
const adminGroupRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffRoutes(app, {
    path: '/admin/group-requests',
    tag: 'admin-group-requests',
    noun: 'join request',
    item: GroupRequestStaff,
    query: GroupRequestAdminQuery,
    createBody: GroupRequestCreateBody,
    conflict: ['create'],
    summaries: {
      list: 'Join requests, newest first; by group, course, status or member; q matches the code, note or user id',
      create:
        'Put an enrolled member into a group (approved at once, by the caller); once per member and group (409 learning.group_request_exists)',
    },
    list: (q) => app.groupRequests.list(q),
    get: (id) => app.groupRequests.byId(id),
    create: (body, req) => app.groupRequests.add(body, req.principal!.sub),
  });

  const meta = { tags: ['admin-group-requests'], security: [{ bearer: [] }] };
  const preHandler = app.kit.requireStaff();

  app.post(
    '/admin/group-requests/:id/approve',
    {
      preHandler,
      schema: {
        ...meta,
        summary:
          'Approve a request with a note: approved by the caller; the enrolment’s LINE/Facebook flag set; ConfirmGroup e-mail sent',
        params: Params,
        body: GroupRequestApproveBody,
        response: { 200: GroupRequestStaff, ...problems },
      },
    },
    async (req) => app.groupRequests.approve(req.params.id, req.body.note, req.principal!.sub),
  );

  app.post(
    '/admin/group-requests/:id/unapprove',
    {
      preHandler,
      schema: {
        ...meta,
        summary:
          'Un-approve (approved by back to none): the request waits again; the enrolment flag clears when no other approved group of that kind remains',
        params: Params,
        response: { 200: GroupRequestStaff, ...problems },
      },
    },
    async (req) => app.groupRequests.unapprove(req.params.id, req.principal!.sub),
  );

  app.get(
    '/admin/ungrouped-members',
    {
      preHandler,
      schema: {
        ...meta,
        summary: 'Members of a course with no join request in any of its groups (oldest enrolment first)',
        querystring: UngroupedQuery,
        response: { 200: UngroupedPage, ...problems },
      },
    },
    async (req) => app.groupRequests.ungrouped(req.query),
  );
};

export default adminGroupRequestRoutes;
