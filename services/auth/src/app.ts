import type { JWTVerifyGetKey } from 'jose';
import { buildService, type ServiceApp } from '@rian/kit/service';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { User } from './entities/user.js';
import { Staff } from './entities/staff.js';
import { RefreshToken } from './entities/refresh-token.js';
import { SigningKey } from './entities/signing-key.js';
import { migrations } from './migrations/0001-init.js';
import { SigningKeys } from './plugins/app/signing-keys.js';
import { accountsPlugin } from './plugins/app/index.js';
import register from './routes/register/index.js';
import sessions from './routes/sessions/index.js';
import staff from './routes/staff/index.js';
import jwks from './routes/jwks/index.js';

export async function buildApp(config: Config, opts: { logger?: Logger } = {}): Promise<ServiceApp> {
  // auth checks its own tokens with its own keys, known once the database is open
  let localKeys: JWTVerifyGetKey | undefined;
  const tokenKeys: JWTVerifyGetKey = (header, token) => {
    if (!localKeys) throw new Error('signing keys not loaded');
    return localKeys(header, token);
  };
  return buildService({
    name: 'auth',
    description: 'Accounts, registration by e-mail code, sign-in, tokens and the JWKS',
    config,
    entities: [User, Staff, RefreshToken, SigningKey],
    migrations,
    redis: true,
    tokenKeys,
    ...(opts.logger ? { logger: opts.logger } : {}),
    routes: async (app) => {
      const keys = await SigningKeys.load(app.kit.orm.em, config.AUTH_SIGNING_JWK);
      localKeys = keys.localKeys;
      await app.register(accountsPlugin, { config, keys });
      await app.register(register);
      await app.register(sessions);
      await app.register(staff);
      await app.register(jwks);
    },
  });
}
