import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { Config } from '../../config.js';
import { Accounts } from './accounts.js';
import { EmailCodes } from './email-codes.js';
import { Sessions } from './sessions.js';
import type { SigningKeys } from './signing-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    signingKeys: SigningKeys;
    authConfig: Config;
  }
}

/** auth's own services, shared by its routes. */
export const accountsPlugin = fp<{ config: Config; keys: SigningKeys }>(
  async (app, { config, keys }) => {
    if (!app.kit.redis) throw new Error('auth needs Redis for e-mail codes');
    await app.register(cookie);
    const codes = new EmailCodes(
      app.kit.redis,
      config.EMAIL_CODE_TTL_SECONDS,
      config.EMAIL_CODE_MAX_ATTEMPTS,
    );
    const accounts = new Accounts(
      app.kit,
      codes,
      keys,
      new Sessions(config.REFRESH_TTL_DAYS, config.AUTH_REFRESH_REUSE_GRACE_SECONDS),
      config.EMAIL_CODE_TTL_SECONDS,
    );
    app.decorate('accounts', accounts);
    app.decorate('signingKeys', keys);
    app.decorate('authConfig', config);
    if (await accounts.seedAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD)) {
      app.log.info({ username: config.ADMIN_USERNAME }, 'staff account created');
    }
  },
  { name: 'auth-accounts' },
);
