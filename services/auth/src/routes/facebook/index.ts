import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ACCESS_TOKEN_TTL_SECONDS } from '@rian/proto-contracts/auth';
import {
  FacebookConnectReply,
  FacebookLoginReply,
  FacebookTokenBody,
} from '@rian/proto-contracts/auth-social';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { setRefreshCookie } from '../cookies.js';

const errors = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  503: ProblemSchema,
};

/** Facebook login and connect (spec 01 §4 "Social login"); the token is verified server-side. */
const facebook: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const secure = app.authConfig.COOKIE_SECURE;

  // connect works signed out (matched by e-mail) and signed in (linked to that member)
  const optionalMember = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers.authorization) await app.kit.requireUser(req, reply);
  };

  r.post(
    '/facebook/login',
    {
      schema: {
        tags: ['social'],
        summary:
          'Sign in with a Facebook access token: logged-in (refresh cookie set), confirm-connect or register',
        body: FacebookTokenBody,
        response: { 200: FacebookLoginReply, ...errors },
      },
    },
    async (req, reply) => {
      const result = await app.socialAccounts.facebookLogin(req.body.accessToken);
      if (result.outcome !== 'logged-in') return result;
      setRefreshCookie(reply, result.refresh, secure);
      return {
        outcome: 'logged-in' as const,
        token: result.token,
        tokenType: 'Bearer' as const,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS,
        user: result.view,
      };
    },
  );

  r.post(
    '/facebook/connect',
    {
      preHandler: optionalMember,
      schema: {
        tags: ['social'],
        summary:
          'Link the Facebook account to the member with its e-mail (or to the signed-in member) and sign in',
        security: [{}, { bearer: [] }],
        body: FacebookTokenBody,
        response: { 200: FacebookConnectReply, ...errors },
      },
    },
    async (req, reply) => {
      const s = await app.socialAccounts.facebookConnect(req.body.accessToken, req.principal?.sub);
      setRefreshCookie(reply, s.refresh, secure);
      return {
        outcome: 'logged-in' as const,
        token: s.token,
        tokenType: 'Bearer' as const,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS,
        user: s.view,
      };
    },
  );
};

export default facebook;
