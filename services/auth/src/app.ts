import type { JWTVerifyGetKey } from 'jose';
import { buildService, type ServiceApp } from '@rian/kit/service';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { User } from './entities/user.js';
import { Staff } from './entities/staff.js';
import { RefreshToken } from './entities/refresh-token.js';
import { SigningKey } from './entities/signing-key.js';
import { migrations } from './migrations/0001-init.js';
import { socialMigrations } from './migrations/0002-social.js';
import { SigningKeys } from './plugins/app/signing-keys.js';
import { accountsPlugin } from './plugins/app/index.js';
import { lockoutPlugin } from './plugins/app/lockout.js';
import register from './routes/register/index.js';
import sessions from './routes/sessions/index.js';
import staff from './routes/staff/index.js';
import jwks from './routes/jwks/index.js';
import { passwordResetPlugin } from './plugins/app/password-reset.js';
import { socialAccountsPlugin } from './plugins/app/social-accounts.js';
import password from './routes/password/index.js';
import facebook from './routes/facebook/index.js';
import publicConfig from './routes/public-config/index.js';
import { UserAddress } from './entities/user-address.js';
import { UserChange } from './entities/user-change.js';
import { backofficeMigrations } from './migrations/0003-backoffice.js';
import { systemChangeMigrations } from './migrations/0004-system-changes.js';
import { localeMigrations } from './migrations/0005-locale.js';
import { lineMigrations } from './migrations/0006-line.js';
import { lineLinkPlugin } from './plugins/app/line-link.js';
import line from './routes/line/index.js';
import { thaiPlacesPlugin } from '@rian/kit/thai-places';
import auditPlugin from './plugins/app/audit.js';
import addressesPlugin from './plugins/app/addresses.js';
import userAdminPlugin, { type UserAdmin } from './plugins/app/user-admin.js';
import personnelPlugin from './plugins/app/personnel.js';
import adminUsers from './routes/admin-users/index.js';
import adminPersonnel from './routes/admin-personnel/index.js';
import addresses from './routes/addresses/index.js';
import reference from './routes/reference/index.js';
import profile from './routes/profile/index.js';
import { onOrdersOrderPaid } from './messaging/handlers/on-orders-order-paid.js';

export async function buildApp(config: Config, opts: { logger?: Logger } = {}): Promise<ServiceApp> {
  // auth checks its own tokens with its own keys, known once the database is open
  let localKeys: JWTVerifyGetKey | undefined;
  let userAdmin: UserAdmin | undefined;
  const tokenKeys: JWTVerifyGetKey = (header, token) => {
    if (!localKeys) throw new Error('signing keys not loaded');
    return localKeys(header, token);
  };
  return buildService({
    name: 'auth',
    description: 'Accounts, registration by e-mail code, sign-in, tokens and the JWKS',
    config,
    entities: [User, Staff, RefreshToken, SigningKey, UserAddress, UserChange],
    migrations: [
      ...migrations,
      ...socialMigrations,
      ...backofficeMigrations,
      ...systemChangeMigrations,
      ...localeMigrations,
      ...lineMigrations,
    ],
    redis: true,
    tokenKeys,
    ...(opts.logger ? { logger: opts.logger } : {}),
    routes: async (app) => {
      const keys = await SigningKeys.load(app.kit.orm.em, config.AUTH_SIGNING_JWK);
      localKeys = keys.localKeys;
      await app.register(accountsPlugin, { config, keys });
      await app.register(lockoutPlugin, { config });
      await app.register(register);
      await app.register(sessions);
      await app.register(staff);
      await app.register(jwks);
      await app.register(passwordResetPlugin);
      await app.register(socialAccountsPlugin);
      await app.register(password);
      await app.register(facebook);
      await app.register(publicConfig);
      // back office, addresses and profile (issue 3 §C)
      await app.register(thaiPlacesPlugin);
      await app.register(auditPlugin);
      await app.register(addressesPlugin);
      await app.register(userAdminPlugin);
      userAdmin = app.userAdmin;
      await app.register(personnelPlugin);
      await app.register(adminUsers);
      await app.register(adminPersonnel);
      await app.register(addresses);
      await app.register(reference);
      await app.register(profile);
      // LINE for members (issue 20)
      await app.register(lineLinkPlugin);
      await app.register(line);
    },
    // consumers are built once the routes (and so the user admin) are registered
    consumers: () => [
      onOrdersOrderPaid(() => {
        if (!userAdmin) throw new Error('user admin not registered');
        return userAdmin;
      }),
    ],
  });
}
