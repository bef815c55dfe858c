import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER } from '@rian/proto-contracts/auth';

/**
 * Access tokens as auth signs them, for scenarios with many members: the bench makes a key, gives
 * it to auth (`AUTH_SIGNING_JWK: JSON.stringify(signingJwk)`), so every service accepts what
 * `memberToken` signs without a sign-in per member.
 */
const { privateKey } = await generateKeyPair('EdDSA', { extractable: true });
export const signingJwk = { ...(await exportJWK(privateKey)), kid: 'bench-key' };
const signingKey = (await importJWK({ ...signingJwk, alg: 'EdDSA' }, 'EdDSA')) as CryptoKey;

export function memberToken(sub: string): Promise<string> {
  return new SignJWT({ sub, kind: 'user', status: 'New', email: `${sub}@bench.example`, membershipCodes: [] })
    .setProtectedHeader({ alg: 'EdDSA', kid: signingJwk.kid, typ: 'JWT' })
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setSubject(sub)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime('6h')
    .sign(signingKey);
}
