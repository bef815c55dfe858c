import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import type { Kit } from '@rian/kit/service';
import { ProblemError, validationProblem } from '@rian/kit/errors';
import {
  EmailCodeRequested,
  UserLocaleChanged,
  UserRegistered,
  type AccessClaims,
  type FacebookLinkView,
  type RegisterBody,
  type StaffView,
  type UserView,
} from '@rian/proto-contracts/auth';
import type { Locale } from '@rian/proto-contracts/enums';
import { User } from '../../entities/user.js';
import { Staff } from '../../entities/staff.js';
import { memberCode, normaliseEmail, registrationProblems } from '../../domain/registration.js';
import type { EmailCodes } from './email-codes.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SigningKeys } from './signing-keys.js';
import type { IssuedRefresh, Sessions } from './sessions.js';

type UserRow = InferEntity<typeof User>;
type StaffRow = InferEntity<typeof Staff>;

export function userView(u: UserRow): UserView {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    nickname: u.nickname ?? null,
    phone: u.phone,
    status: u.status,
    memberCode: u.memberCode,
    membershipCodes: u.membershipCodes,
    createdAt: u.createdAt.toISOString(),
    facebook: u.facebookId
      ? { id: u.facebookId, name: u.facebookName ?? '', pictureUrl: u.facebookPictureUrl ?? null }
      : null,
    avatarUrl: null,
  };
}

export function staffView(s: StaffRow): StaffView {
  return {
    id: s.id,
    username: s.username,
    name: [s.name, s.lastName].filter(Boolean).join(' '),
    role: s.role,
  };
}

export function userClaims(u: UserRow): AccessClaims {
  return { sub: u.id, kind: 'user', email: u.email, status: u.status, membershipCodes: u.membershipCodes };
}

/** A staff token carries the name services show where staff acted (e.g. "checked by" on a slip). */
export function staffClaims(s: StaffRow): AccessClaims {
  return { sub: s.id, kind: 'staff', role: s.role, name: staffView(s).name };
}

export interface SignedIn<V> {
  token: string;
  refresh: IssuedRefresh;
  view: V;
}

/** Registration, sign-in and sessions of members and staff. */
export class Accounts {
  constructor(
    private readonly kit: Kit,
    private readonly codes: EmailCodes,
    private readonly keys: SigningKeys,
    private readonly sessions: Sessions,
    private readonly codeTtlSeconds: number,
  ) {}

  /** Set by the social-accounts plugin: checks a Facebook access token given to POST /register. */
  verifyFacebook: ((accessToken: string) => Promise<FacebookLinkView>) | undefined;

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  async isRegistered(email: string): Promise<boolean> {
    return (await this.em().count(User, { email: normaliseEmail(email) })) > 0;
  }

  /** Sends a registration code (the e-mail goes out through the outbox → notifications). */
  async requestRegistrationCode(rawEmail: string, locale: Locale): Promise<void> {
    const email = normaliseEmail(rawEmail);
    if (await this.isRegistered(email)) throw new ProblemError('auth.email_registered');
    const code = await this.codes.issue('register', email);
    await this.em().transactional(async (em) => {
      this.kit.outbox.add(em, EmailCodeRequested, {
        email,
        code,
        purpose: 'register',
        locale,
        expiresInSeconds: this.codeTtlSeconds,
      });
    });
  }

  async register(body: RegisterBody, locale: Locale): Promise<UserView> {
    const problems = registrationProblems(body, locale);
    if (problems.length) throw validationProblem(problems);
    const email = normaliseEmail(body.email);
    const check = await this.codes.check('register', email, body.code);
    if (check === 'expired') {
      throw new ProblemError('auth.code_expired', {
        errors: [{ field: 'code', code: 'auth.code_expired', message: '' }],
      });
    }
    if (check === 'mismatch') {
      throw new ProblemError('auth.code_mismatch', {
        errors: [{ field: 'code', code: 'auth.code_mismatch', message: '' }],
      });
    }
    let facebook: FacebookLinkView | undefined;
    if (body.facebookAccessToken) {
      if (!this.verifyFacebook) throw new ProblemError('service.unavailable');
      facebook = await this.verifyFacebook(body.facebookAccessToken);
    }
    const passwordHash = await hashPassword(body.password);
    const user = await this.em().transactional(async (em) => {
      if ((await em.count(User, { email })) > 0) throw new ProblemError('auth.email_registered');
      if (facebook && (await em.count(User, { facebookId: facebook.id })) > 0) {
        throw new ProblemError('auth.social_already_linked');
      }
      const [seq] = (await em.execute(`select nextval('member_code_seq')::int as n`)) as { n: number }[];
      const u = em.create(User, {
        id: crypto.randomUUID(),
        email,
        passwordHash,
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        nickname: body.nickname?.trim() || null,
        phone: body.phone,
        status: 'New',
        memberCode: memberCode(seq?.n ?? 0),
        membershipCodes: [],
        facebookId: facebook?.id ?? null,
        facebookName: facebook?.name ?? null,
        facebookPictureUrl: facebook?.pictureUrl ?? null,
        locale,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      this.kit.outbox.add(em, UserRegistered, {
        userId: u.id,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        nickname: u.nickname ?? null,
        phone: u.phone,
        status: u.status,
        memberCode: u.memberCode,
        registeredAt: u.createdAt.toISOString(),
        locale: u.locale,
      });
      return u;
    });
    await this.codes.consume('register', email);
    return userView(user);
  }

  /**
   * The member switched the SPA's language: stored, and auth.user.locale-changed tells notifications
   * (in the same transaction, through the outbox) — only when it really changed.
   */
  async setLocale(userId: string, locale: Locale): Promise<{ locale: Locale; changed: boolean }> {
    return this.em().transactional(async (em) => {
      const user = await em.findOne(User, { id: userId });
      if (!user) throw new ProblemError('auth.user_not_found');
      if (user.locale === locale) return { locale, changed: false };
      user.locale = locale;
      this.kit.outbox.add(em, UserLocaleChanged, { userId, locale, changedAt: new Date().toISOString() });
      return { locale, changed: true };
    });
  }

  async login(rawEmail: string, password: string): Promise<SignedIn<UserView>> {
    const em = this.em();
    const user = await em.findOne(User, { email: normaliseEmail(rawEmail) });
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) throw new ProblemError('auth.invalid_credentials');
    const refresh = await this.sessions.start(em, user.id, 'user');
    return { token: await this.keys.sign(userClaims(user)), refresh, view: userView(user) };
  }

  async staffLogin(username: string, password: string): Promise<SignedIn<StaffView>> {
    const em = this.em();
    const staff = await em.findOne(Staff, { username: username.trim(), disabled: false });
    const ok = await verifyPassword(staff?.passwordHash, password);
    if (!staff || !ok) throw new ProblemError('auth.staff_invalid_credentials');
    const refresh = await this.sessions.start(em, staff.id, 'staff');
    return {
      token: await this.keys.sign(staffClaims(staff)),
      refresh,
      view: staffView(staff),
    };
  }

  /** A new access token (and refresh token) from a refresh token. */
  async refresh(
    token: string,
  ): Promise<(SignedIn<UserView> & { kind: 'user' }) | (SignedIn<StaffView> & { kind: 'staff' })> {
    const em = this.em();
    const { subjectId, kind, next } = await this.sessions.rotate(em, token);
    if (kind === 'user') {
      const user = await em.findOne(User, { id: subjectId });
      if (!user) throw new ProblemError('auth.refresh_invalid');
      return {
        kind: 'user',
        token: await this.keys.sign(userClaims(user)),
        refresh: next,
        view: userView(user),
      };
    }
    const staff = await em.findOne(Staff, { id: subjectId, disabled: false });
    if (!staff) throw new ProblemError('auth.refresh_invalid');
    return {
      kind: 'staff',
      token: await this.keys.sign(staffClaims(staff)),
      refresh: next,
      view: staffView(staff),
    };
  }

  async logout(token: string): Promise<void> {
    await this.sessions.revoke(this.em(), token);
  }

  async me(userId: string): Promise<UserView> {
    const user = await this.em().findOne(User, { id: userId });
    if (!user) throw new ProblemError('auth.unauthenticated');
    return userView(user);
  }

  async staffMe(staffId: string): Promise<StaffView> {
    const staff = await this.em().findOne(Staff, { id: staffId, disabled: false });
    if (!staff) throw new ProblemError('auth.unauthenticated');
    return staffView(staff);
  }

  /** Creates the configured admin account when it does not exist yet (safe with several replicas). */
  async seedAdmin(username: string, password: string): Promise<boolean> {
    const passwordHash = await hashPassword(password);
    return this.em().transactional(async (em) => {
      await em.execute(`select pg_advisory_xact_lock(hashtext('auth.seed_admin'))`);
      if (await em.count(Staff, { username })) return false;
      em.create(Staff, {
        id: crypto.randomUUID(),
        username,
        passwordHash,
        name: 'Administrator',
        lastName: null,
        role: 'admin',
        disabled: false,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      return true;
    });
  }
}
