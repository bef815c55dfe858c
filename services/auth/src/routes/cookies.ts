import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, REFRESH_COOKIE } from '@rian/proto-contracts/auth';
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

/** The device cookie: long-lived, httpOnly, sent only by our own site's requests (SameSite=Strict). */
export function setDeviceCookie(
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
  secure: boolean,
): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function deviceCookie(req: FastifyRequest): string | undefined {
  const v = req.cookies[DEVICE_COOKIE];
  return v && /^[A-Za-z0-9_-]{43}$/.test(v) ? v : undefined;
}
