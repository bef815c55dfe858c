import { defineEntity, p } from '@mikro-orm/core';
import type { JWK } from 'jose';

/** The keys access tokens are signed with; public halves are served as the JWKS. */
export const SigningKey = defineEntity({
  name: 'SigningKey',
  tableName: 'signing_keys',
  properties: {
    kid: p.string().length(64).primary(),
    alg: p.string().length(16),
    publicJwk: p.json<JWK>(),
    privateJwk: p.json<JWK>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    retiredAt: p.datetime().nullable(),
  },
});
