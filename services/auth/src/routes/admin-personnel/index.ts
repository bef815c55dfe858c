import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  PersonnelCreateBody,
  PersonnelListQuery,
  PersonnelPage,
  PersonnelUpdateBody,
  PersonnelView,
} from '@rian/proto-contracts/auth-admin';

const IdParams = Type.Object({ id: Uuid() });
const guarded = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/** Personnel administration (/admin/personnel): admins only; passwords are never returned. */
const adminPersonnelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.kit.requireStaff('admin');
  const common = { tags: ['admin personnel'], security: [{ bearer: [] }] };

  app.get(
    '/admin/personnel',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Staff accounts, disabled (deleted) ones last',
        querystring: PersonnelListQuery,
        response: { 200: PersonnelPage, ...guarded },
      },
    },
    async (req) => app.personnel.list(req.query),
  );

  app.get(
    '/admin/personnel/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'One staff account',
        params: IdParams,
        response: { 200: PersonnelView, 404: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.personnel.get(req.params.id),
  );

  app.post(
    '/admin/personnel',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Create a staff account (409 auth.username_taken when the username is used)',
        body: PersonnelCreateBody,
        response: { 201: PersonnelView, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => reply.status(201).send(await app.personnel.create(req.body)),
  );

  app.put(
    '/admin/personnel/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary:
          'Replace a staff account; the password changes only when given. Demoting or disabling ' +
          'yourself → 409 auth.staff_self_remove, the last admin → 409 auth.last_admin',
        params: IdParams,
        body: PersonnelUpdateBody,
        response: { 200: PersonnelView, 404: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req) => app.personnel.update(req.params.id, req.body, req.principal!.sub),
  );

  app.delete(
    '/admin/personnel/:id',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete (disable) a staff account and end its sessions; not yourself, not the last admin',
        params: IdParams,
        response: { 204: Type.Null(), 404: ProblemSchema, 409: ProblemSchema, ...guarded },
      },
    },
    async (req, reply) => {
      await app.personnel.remove(req.params.id, req.principal!.sub);
      return reply.status(204).send(null);
    },
  );
};

export default adminPersonnelRoutes;
