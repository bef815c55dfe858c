import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { redisReachable, type Redis } from '@rian/kit/redis';

export interface HealthOptions {
  services: { name: string; url: string }[];
  redis: Redis;
  timeoutMs: number;
}

const ServiceHealth = Type.Object({
  status: Type.String({ description: 'ready, not-ready or unreachable' }),
  checks: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
  error: Type.Optional(Type.String()),
});
const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not-ready')]),
  checks: Type.Object({ redis: Type.Boolean() }),
  services: Type.Record(Type.String(), ServiceHealth),
});

type ServiceState = { status: string; checks?: Record<string, boolean>; error?: string };

async function probe(url: string, timeoutMs: number): Promise<ServiceState> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await res.json().catch(() => ({}))) as {
      status?: unknown;
      checks?: Record<string, boolean>;
    };
    const status = res.ok
      ? 'ready'
      : typeof body.status === 'string' && body.status !== 'ready'
        ? body.status
        : 'not-ready';
    return { status, ...(body.checks ? { checks: body.checks } : {}) };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const error =
      e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e.cause?.code ?? e.message);
    return { status: 'unreachable', error };
  }
}

/**
 * GET /api/health: every enabled service's readiness, asked in parallel, plus the gateway's own
 * Redis. 200 only when all are ready. GET /api/health/live answers while the process runs
 * (for a container liveness probe, which must not fail because a service behind us is down).
 */
export const health: FastifyPluginAsync<HealthOptions> = async (app, opts) => {
  app.get('/api/health/live', async () => ({ status: 'ok' }));

  app.get(
    '/api/health',
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_req, reply) => {
      const [redisOk, ...states] = await Promise.all([
        redisReachable(opts.redis, opts.timeoutMs),
        ...opts.services.map((s) => probe(s.url, opts.timeoutMs)),
      ]);
      const services = Object.fromEntries(opts.services.map((s, i) => [s.name, states[i]!]));
      const ready = redisOk && states.every((s) => s.status === 'ready');
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not-ready', checks: { redis: redisOk }, services });
    },
  );
};
