import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { AddressView } from '@rian/proto-contracts/addresses';
import {
  AdminUserDetail,
  AdminUserListQuery,
  AdminUserPage,
  AdminUserPatchBody,
  AdminUserReply,
  UserChangePage,
  UserChangesQuery,
} from '@rian/proto-contracts/auth-admin';

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/** Users in the back office (/admin/user): any staff member. */
const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.kit.requireStaff();
  const common = { tags: ['admin users'], security: [{ bearer: [] }] };

  app.get(
    '/admin/users',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Search users: q matches e-mail, names, nickname, phone and member code',
        querystring: AdminUserListQuery,
        response: { 200: AdminUserPage, ...guarded },
      },
    },
    async (req) => app.userAdmin.list(req.query),
  );

  app.get(
    '/admin/users/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'One user with their addresses',
        params: IdParams,
        response: { 200: AdminUserDetail, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.userAdmin.detail(req.params.id),
  );

  app.patch(
    '/admin/users/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary:
          'Edit a user; every change is recorded. A new status emits auth.user.status-changed, new ' +
          'membership codes auth.user.membership-changed; both end the user’s older access tokens',
        params: IdParams,
        body: AdminUserPatchBody,
        response: { 200: AdminUserReply, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => ({ user: await app.userAdmin.update(req.params.id, req.body, req.principal!.sub) }),
  );

  app.get(
    '/admin/users/:id/changes',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'The recorded changes of a user, newest first: field, before, after, who and when',
        params: IdParams,
        querystring: UserChangesQuery,
        response: { 200: UserChangePage, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.userAdmin.changes(req.params.id, req.query.page, req.query.pageSize),
  );

  app.get(
    '/admin/users/:id/addresses',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'A user’s addresses (up to four slots)',
        params: IdParams,
        response: { 200: Type.Array(AddressView), 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.userAdmin.addressesOf(req.params.id),
  );
};

export default adminUserRoutes;
