import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  JWT_AUDIENCE,
  JWT_ISSUER,
  type AccessClaims,
} from '@rian/proto-contracts/auth';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { SigningKey } from '../../entities/signing-key.js';

const ALG = 'EdDSA';

/**
 * The key that signs access tokens. Every replica must sign with the same key and publish the same
 * JWKS, so the key lives in auth's database (created once, under an advisory lock), unless one is
 * given in AUTH_SIGNING_JWK.
 */
export class SigningKeys {
  readonly localKeys: JWTVerifyGetKey;

  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly kid: string,
    readonly publicJwks: { keys: JWK[] },
  ) {
    this.localKeys = createLocalJWKSet(publicJwks);
  }

  static async load(em: EntityManager, configuredJwk: string): Promise<SigningKeys> {
    if (configuredJwk) {
      const jwk = JSON.parse(configuredJwk) as JWK;
      const kid = jwk.kid ?? 'configured';
      const { d: _private, ...pub } = jwk;
      const key = (await importJWK({ ...jwk, alg: ALG }, ALG)) as CryptoKey;
      return new SigningKeys(key, kid, { keys: [{ ...pub, kid, alg: ALG, use: 'sig' }] });
    }
    const row = await em.fork().transactional(async (tem) => {
      await tem.execute(`select pg_advisory_xact_lock(hashtext('auth.signing_keys'))`);
      const existing = await tem.findOne(SigningKey, { retiredAt: null }, { orderBy: { createdAt: 'desc' } });
      if (existing) return existing;
      const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
      const kid = `k${Date.now().toString(36)}`;
      return tem.create(SigningKey, {
        kid,
        alg: ALG,
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
        privateJwk: await exportJWK(privateKey),
        createdAt: new Date(),
        retiredAt: null,
      });
    });
    // retired keys stay in the JWKS for a while so tokens they signed still verify
    const all = await em.fork().find(SigningKey, {}, { orderBy: { createdAt: 'desc' }, limit: 5 });
    const key = (await importJWK({ ...row.privateJwk, alg: ALG }, ALG)) as CryptoKey;
    return new SigningKeys(key, row.kid, { keys: all.map((k) => k.publicJwk) });
  }

  async sign(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    // jti: a UUIDv7, whose milliseconds tell the token from a revocation mark of the same second
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: ALG, kid: this.kid, typ: 'JWT' })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setSubject(claims.sub)
      .setIssuedAt()
      .setJti(uuidv7())
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.privateKey);
  }
}
