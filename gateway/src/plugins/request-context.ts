import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { runWithContext, type WorkContext } from '@rian/kit/context';

const ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify `genReqId`: the caller's X-Request-Id when it is a sane token, else a new uuid v7. */
export function requestIdFrom(req: { headers: Record<string, string | string[] | undefined> }): string {
  const h = req.headers['x-request-id'];
  return typeof h === 'string' && ID.test(h) ? h : uuidv7();
}

function contextOf(req: FastifyRequest): WorkContext {
  const corr = req.headers['x-correlation-id'];
  return {
    requestId: String(req.id),
    correlationId: typeof corr === 'string' && ID.test(corr) ? corr : String(req.id),
  };
}

/** Echoes the request id to the caller and stamps it (and the correlation id) on every log line. */
export const requestContext = fp(
  async (app) => {
    app.addHook('onRequest', (req, reply, done) => {
      reply.header('x-request-id', req.id);
      runWithContext(contextOf(req), done);
    });
    // Bound again: body parsing between the two hooks can leave the async context (a GET or HEAD
    // has no body to parse, so it keeps the one bound above: one context per public read, not two).
    app.addHook('preHandler', (req, _reply, done) => {
      if (req.method === 'GET' || req.method === 'HEAD') done();
      else runWithContext(contextOf(req), done);
    });
  },
  { name: 'rian-request-context' },
);
