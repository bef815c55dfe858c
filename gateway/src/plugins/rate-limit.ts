import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from '@rian/kit/redis';
import { ProblemError } from '@rian/kit/errors';

/**
 * Limits kept in Redis, so every gateway replica counts together. The client's key prefix carries
 * RIAN_NAMESPACE. Routes opt in with `config.rateLimit`; nothing is limited by default.
 * Redis being away never stops the gateway: the limit is skipped (and logged) instead.
 */
export const rateLimits = fp<{ redis: Redis }>(
  async (app, { redis }) => {
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'gateway:rl:',
      skipOnError: true,
      // Without a connection ioredis would queue the command and hold the request; skip at once instead.
      allowList: (req) => {
        if (redis.status === 'ready') return false;
        req.log.warn({ redis: redis.status }, 'rate limit skipped: redis unavailable');
        return true;
      },
      onExceeded: (req, key) => req.log.warn({ key }, 'rate limit exceeded'),
      errorResponseBuilder: () => new ProblemError('http.rate_limited'),
    });
  },
  { name: 'rian-rate-limits' },
);
