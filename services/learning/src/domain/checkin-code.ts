import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CHECKIN_SLACK_STEPS,
  CHECKIN_STEP_SECONDS,
  CHECKIN_TYPED_DIGITS,
} from '@rian/proto-contracts/learning-checkin';

/**
 * The rotating check-in codes (TOTP-style, RFC 6238 steps of 30 s): pure functions of the session's
 * secret, its id and the time. The session id is in the HMAC input as well as the secret being its
 * own, so a code can never be valid for another session. See proto-contracts/learning-checkin.ts.
 */

/** The 30-second step of an instant. */
export const checkinStep = (now: Date): number => Math.floor(now.getTime() / 1000 / CHECKIN_STEP_SECONDS);

/** When the step after `step` starts. */
export const stepEnds = (step: number): Date => new Date((step + 1) * CHECKIN_STEP_SECONDS * 1000);

const mac = (secret: Buffer, label: string, sessionId: string, step: number) =>
  createHmac('sha256', secret).update(`${label}:${sessionId.toLowerCase()}:${step}`).digest();

/** The QR code of a step: 128 bits of the HMAC, base64url (22 characters). */
export function qrCode(secret: Buffer, sessionId: string, step: number): string {
  return mac(secret, 'qr', sessionId, step).subarray(0, 16).toString('base64url');
}

/** The typed code of a step: 6 digits by RFC 4226 dynamic truncation. */
export function typedCode(secret: Buffer, sessionId: string, step: number): string {
  const h = mac(secret, 'typed', sessionId, step);
  const offset = h[h.length - 1]! & 0x0f;
  const n = h.readUInt32BE(offset) & 0x7fffffff;
  return String(n % 10 ** CHECKIN_TYPED_DIGITS).padStart(CHECKIN_TYPED_DIGITS, '0');
}

export type CodeKind = 'qr' | 'typed';

/** Which kind a presented code claims to be: 6 digits are typed, anything else a QR code. */
export const codeKind = (code: string): CodeKind =>
  new RegExp(`^\\d{${CHECKIN_TYPED_DIGITS}}$`).test(code) ? 'typed' : 'qr';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Is `code` the session's code now or up to CHECKIN_SLACK_STEPS steps back? Returns the step it
 * belongs to, or null. A code from the future (a clock ahead) is not accepted either.
 */
export function verifyCode(secret: Buffer, sessionId: string, code: string, now: Date): number | null {
  const kind = codeKind(code);
  const current = checkinStep(now);
  for (let back = 0; back <= CHECKIN_SLACK_STEPS; back++) {
    const step = current - back;
    const expected = kind === 'typed' ? typedCode(secret, sessionId, step) : qrCode(secret, sessionId, step);
    if (same(expected, code)) return step;
  }
  return null;
}
