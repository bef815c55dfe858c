import fp from 'fastify-plugin';
import type { EntityManager } from '@mikro-orm/postgresql';
import { revokeUserTokensBefore } from '@rian/kit/revocation';
import type { Kit } from '@rian/kit/service';
import { ProblemError, fieldError, validationProblem } from '@rian/kit/errors';
import { EmailCodeRequested } from '@rian/proto-contracts/auth';
import { PasswordChanged, type PasswordResetBody } from '@rian/proto-contracts/auth-password';
import type { Locale } from '@rian/proto-contracts/enums';
import { User } from '../../entities/user.js';
import { normaliseEmail } from '../../domain/registration.js';
import { EmailCodes } from './email-codes.js';
import { hashPassword } from './passwords.js';

declare module 'fastify' {
  interface FastifyInstance {
    passwordReset: PasswordReset;
  }
}

/**
 * Ends every session of a user: all refresh tokens revoked (in `em`'s transaction) and access tokens
 * issued before now marked as refused. The mark outlives every access token alive now, then expires.
 */
export async function revokeAllSessions(kit: Kit, userId: string, em: EntityManager): Promise<void> {
  await em.execute(
    `update refresh_tokens set revoked_at = now()
      where subject_id = ? and subject_kind = 'user' and revoked_at is null`,
    [userId],
  );
  await revokeUserTokensBefore(kit.redis, userId);
}

/** Forgot password / change password with an e-mailed code (spec 01 §4 "Password change flow", §5). */
export class PasswordReset {
  constructor(
    private readonly kit: Kit,
    private readonly codes: EmailCodes,
    readonly codeTtlSeconds: number,
  ) {}

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  /** The normalised e-mail when a member has it; 404 "ไม่มี Email ในระบบ" otherwise (spec 01 §5). */
  async checkEmail(rawEmail: string): Promise<string> {
    const email = normaliseEmail(rawEmail);
    if ((await this.em().count(User, { email })) === 0) throw new ProblemError('auth.email_unknown');
    return email;
  }

  /** E-mails a reset code (through the outbox → notifications); nothing is sent for an unknown e-mail. */
  async requestCode(rawEmail: string, locale: Locale): Promise<void> {
    const email = await this.checkEmail(rawEmail);
    const code = await this.codes.issue('password-reset', email);
    await this.em().transactional(async (em) => {
      this.kit.outbox.add(em, EmailCodeRequested, {
        email,
        code,
        purpose: 'password-reset',
        locale,
        expiresInSeconds: this.codeTtlSeconds,
      });
    });
  }

  async reset(body: PasswordResetBody, locale: Locale): Promise<void> {
    if (body.password !== body.passwordConfirm) {
      throw validationProblem([fieldError('passwordConfirm', 'validation.password_confirm', locale)]);
    }
    const email = normaliseEmail(body.email);
    const check = await this.codes.check('password-reset', email, body.code);
    if (check !== 'ok') {
      const code = check === 'expired' ? 'auth.code_expired' : 'auth.code_mismatch';
      throw new ProblemError(code, { errors: [fieldError('code', code, locale)] });
    }
    // used up before the change, so two requests racing with one code cannot both succeed twice over
    await this.codes.consume('password-reset', email);
    const passwordHash = await hashPassword(body.password);
    await this.em().transactional(async (em) => {
      const user = await em.findOne(User, { email });
      if (!user)
        throw new ProblemError('auth.code_expired', {
          errors: [fieldError('code', 'auth.code_expired', locale)],
        });
      user.passwordHash = passwordHash;
      const changedAt = new Date();
      await revokeAllSessions(this.kit, user.id, em);
      this.kit.outbox.add(em, PasswordChanged, { userId: user.id, changedAt: changedAt.toISOString() });
    });
  }
}

/** Decorates `app.passwordReset`; needs Redis for the codes. */
export const passwordResetPlugin = fp(
  async (app) => {
    const config = app.authConfig;
    if (!app.kit.redis) throw new Error('auth needs Redis for e-mail codes');
    const codes = new EmailCodes(
      app.kit.redis,
      config.EMAIL_CODE_TTL_SECONDS,
      config.EMAIL_CODE_MAX_ATTEMPTS,
    );
    app.decorate('passwordReset', new PasswordReset(app.kit, codes, config.EMAIL_CODE_TTL_SECONDS));
  },
  { name: 'auth-password-reset', dependencies: ['auth-accounts'] },
);
