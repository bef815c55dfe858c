import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  LoginBody,
  LoginReply,
  MeReply,
  StaffLoginReply,
} from '@rian/proto-contracts/auth';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { ProblemError } from '@rian/kit/errors';
import { bearerToken } from '@rian/kit/tokens';
import { clearRefreshCookie, refreshCookie, setRefreshCookie } from '../cookies.js';
import { fromOurSite, originOf, siteOrigins } from '../../domain/site-origin.js';

/** Member sign-in, token refresh with rotation, logout and the current user. */
const sessions: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const secure = app.authConfig.COOKIE_SECURE;
  const allowedOrigins = siteOrigins(app.authConfig.SITE_URL, app.authConfig.AUTH_ALLOWED_ORIGINS);
  /** Refresh and logout act on the cookie alone: another site must not make a browser send them. */
  const onlyFromOurSite = async (req: FastifyRequest) => {
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const own = originOf(`${req.protocol}://${req.host}`) ?? '';
    const h = {
      origin: header('origin'),
      referer: header('referer'),
      secFetchSite: header('sec-fetch-site'),
    };
    if (!fromOurSite(h, own, allowedOrigins)) {
      req.log.warn({ origin: h.origin, referer: h.referer }, 'refresh or logout from another site refused');
      throw new ProblemError('auth.origin_refused');
    }
  };

  r.post(
    '/login',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Log in with e-mail and password (spec: POST /api/loginEmail)',
        body: LoginBody,
        response: { 200: LoginReply, 400: ProblemSchema, 401: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (req, reply) => {
      // the refresh cookie first, then the lockout's device cookie (clients read the first one)
      const s = await app.lockout.signIn(req, reply, 'member', req.body.email, async () => {
        const signedIn = await app.accounts.login(req.body.email, req.body.password);
        setRefreshCookie(reply, signedIn.refresh, secure);
        return signedIn;
      });
      return {
        token: s.token,
        tokenType: 'Bearer' as const,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS,
        user: s.view,
      };
    },
  );

  r.post(
    '/refresh',
    {
      preHandler: onlyFromOurSite,
      schema: {
        tags: ['sessions'],
        summary: 'New access token from the refresh cookie; the cookie is rotated (spec: /api/refreshToken)',
        response: { 200: Type.Union([LoginReply, StaffLoginReply]), 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req, reply) => {
      const token = refreshCookie(req);
      if (!token) throw new ProblemError('auth.refresh_invalid');
      try {
        const s = await app.accounts.refresh(token);
        setRefreshCookie(reply, s.refresh, secure);
        const base = { token: s.token, tokenType: 'Bearer' as const, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
        return s.kind === 'user' ? { ...base, user: s.view } : { ...base, staff: s.view };
      } catch (err) {
        clearRefreshCookie(reply, secure);
        throw err;
      }
    },
  );

  r.post(
    '/logout',
    {
      preHandler: onlyFromOurSite,
      schema: {
        tags: ['sessions'],
        summary:
          'Log out: revoke the refresh token family and, when sent, the Bearer access token — every service refuses it from now on (spec: /api/logout)',
        security: [{}, { bearer: [] }],
        response: { 204: Type.Null(), 403: ProblemSchema },
      },
    },
    async (req, reply) => {
      const token = refreshCookie(req);
      if (token) await app.accounts.logout(token);
      // an expired or foreign token has nothing to revoke; logging out still succeeds
      const access = bearerToken(req.headers.authorization);
      if (access) await app.kit.tokens.revoke(access);
      clearRefreshCookie(reply, secure);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/me',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['sessions'],
        summary: 'The signed-in member (spec: /api/loginPing)',
        security: [{ bearer: [] }],
        response: { 200: MeReply, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req) => ({ user: await app.accounts.me(req.principal!.sub) }),
  );
};

export default sessions;
