import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { LineCallbackBody, LineLinkReply, LineStartReply } from '@rian/proto-contracts/auth-social';

const errors = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  502: ProblemSchema,
};

/**
 * LINE for members (issue 20): the signed-in member links their LINE account with LINE Login from
 * the member area (D150). Members only: staff tokens get 403, nobody acts for another member.
 */
const lineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const member = app.kit.requireUser;

  app.get(
    '/me/line',
    {
      preHandler: member,
      schema: {
        tags: ['social'],
        summary: 'Is LINE linking on here, and is my LINE account linked?',
        security: [{ bearer: [] }],
        response: { 200: LineLinkReply, ...errors },
      },
    },
    async (req) => app.lineLinks.view(req.principal!.sub),
  );

  app.post(
    '/me/line/start',
    {
      preHandler: member,
      schema: {
        tags: ['social'],
        summary: "Start linking my LINE account: LINE's authorize URL with a one-use state (10 minutes)",
        security: [{ bearer: [] }],
        response: { 200: LineStartReply, ...errors },
      },
    },
    async (req) => app.lineLinks.start(req.principal!.sub),
  );

  app.post(
    '/me/line/callback',
    {
      preHandler: member,
      schema: {
        tags: ['social'],
        summary:
          'Finish linking: the code and state LINE sent back; LINE confirms who signed in, auth.user.line-linked is published',
        security: [{ bearer: [] }],
        body: LineCallbackBody,
        response: { 200: LineLinkReply, ...errors },
      },
    },
    async (req) => app.lineLinks.finish(req.principal!.sub, req.body.code, req.body.state),
  );

  app.delete(
    '/me/line',
    {
      preHandler: member,
      schema: {
        tags: ['social'],
        summary: 'Unlink my LINE account (auth.user.line-linked with lineUserId null)',
        security: [{ bearer: [] }],
        response: { 200: LineLinkReply, ...errors },
      },
    },
    async (req) => app.lineLinks.unlink(req.principal!.sub),
  );
};

export default lineRoutes;
