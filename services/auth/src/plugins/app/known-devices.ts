import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from '@rian/kit/redis';
import { deviceCookie, setDeviceCookie } from '../../routes/cookies.js';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * Browsers that signed in before (issue 11 §8): the `auth.device` cookie holds 32 random bytes;
 * Redis keeps `auth:device:<sha256>` → the accounts that browser signed in to, for `ttlSeconds`
 * after its last sign-in. Only the hash is stored, so the keys do not give the cookies away.
 */
export class KnownDevices {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    private readonly secure: boolean,
  ) {}

  /** The hash of this browser's device cookie when it signed in to `account` before. */
  async boundTo(req: FastifyRequest, account: string): Promise<string | undefined> {
    const token = deviceCookie(req);
    if (!token) return undefined;
    const hash = sha256(token);
    return (await this.redis.sismember(`auth:device:${hash}`, account)) ? hash : undefined;
  }

  /** Binds this browser to `account`: its device cookie (a new one unless it has a live one), renewed. */
  async remember(req: FastifyRequest, reply: FastifyReply, account: string): Promise<void> {
    const given = deviceCookie(req);
    const live = given && (await this.redis.exists(`auth:device:${sha256(given)}`)) ? given : undefined;
    const token = live ?? randomBytes(32).toString('base64url');
    const key = `auth:device:${sha256(token)}`;
    await this.redis.multi().sadd(key, account).expire(key, this.ttlSeconds).exec();
    setDeviceCookie(reply, token, this.ttlSeconds, this.secure);
  }
}
