import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  StaffLoginBody,
  StaffLoginReply,
  StaffView,
} from '@rian/proto-contracts/auth';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { setRefreshCookie } from '../cookies.js';

/** Personnel sign-in (spec: POST /loginPersonnel); lands on /admin/ in the SPA. */
const staff: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/staff/login',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff log in with username and password',
        body: StaffLoginBody,
        response: { 200: StaffLoginReply, 400: ProblemSchema, 401: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (req, reply) => {
      // the refresh cookie first, then the lockout's device cookie (clients read the first one)
      const s = await app.lockout.signIn(req, reply, 'staff', req.body.username, async () => {
        const signedIn = await app.accounts.staffLogin(req.body.username, req.body.password);
        setRefreshCookie(reply, signedIn.refresh, app.authConfig.COOKIE_SECURE);
        return signedIn;
      });
      return {
        token: s.token,
        tokenType: 'Bearer' as const,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS,
        staff: s.view,
      };
    },
  );

  r.get(
    '/staff/me',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff member',
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ staff: StaffView }), 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req) => ({ staff: await app.accounts.staffMe(req.principal!.sub) }),
  );
};

export default staff;
