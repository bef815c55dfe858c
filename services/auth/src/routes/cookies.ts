import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE } from '@rian/proto-contracts/auth';
import type { IssuedRefresh } from '../plugins/app/sessions.js';

/** Spec 01 §7: auth cookies use the prefix `auth.` and path `/`. */
export function setRefreshCookie(reply: FastifyReply, refresh: IssuedRefresh, secure: boolean): void {
  reply.setCookie(REFRESH_COOKIE, refresh.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: refresh.expiresAt,
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export function refreshCookie(req: FastifyRequest): string | undefined {
  const v = req.cookies[REFRESH_COOKIE];
  return v && /^[A-Za-z0-9_-]{20,100}$/.test(v) ? v : undefined;
}
