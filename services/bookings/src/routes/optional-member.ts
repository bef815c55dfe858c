import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '@rian/kit/tokens';

/**
 * preHandler of the public form's routes: a bearer token, when one is sent, must be valid (401
 * otherwise) and sets `req.principal`; without one the caller is anonymous.
 */
export const optionalSignIn = (app: FastifyInstance) => async (req: FastifyRequest) => {
  const token = bearerToken(req.headers.authorization);
  if (token) req.principal = await app.kit.tokens.verify(token);
};
