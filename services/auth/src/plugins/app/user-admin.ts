import fp from 'fastify-plugin';
import { LockMode, type InferEntity } from '@mikro-orm/core';
import type { Kit } from '@rian/kit/service';
import { containsPattern } from '@rian/kit/staff-crud';
import type { EntityManager } from '@rian/kit/db';
import { ProblemError, type ErrorCode } from '@rian/kit/errors';
import { revokeUserTokensBefore } from '@rian/kit/revocation';
import type { UserView } from '@rian/proto-contracts/auth';
import {
  UserMembershipChanged,
  UserStatusChanged,
  type AdminUserListQuery,
  type AdminUserPatchBody,
  type AdminUserSort,
  type UserChangeView,
} from '@rian/proto-contracts/auth-admin';
import type { AddressView } from '@rian/proto-contracts/addresses';
import { MEMBERSHIP_CODES, type MembershipCode } from '@rian/proto-contracts/enums';
import { User } from '../../entities/user.js';
import { Staff } from '../../entities/staff.js';
import { userView } from './accounts.js';
import type { Actor, Audit, FieldChange, Paged } from './audit.js';
import type { Addresses } from './addresses.js';

type UserRow = InferEntity<typeof User>;

/** Who a paid order's changes are recorded and announced as. */
export const PAID_ORDER_ACTOR = 'system:orders';
type Editable = Pick<UserRow, 'status' | 'membershipCodes' | 'firstName' | 'lastName' | 'nickname' | 'phone'>;

const SORTS: Record<AdminUserSort, [keyof UserRow & string, 'asc' | 'desc']> = {
  '-createdAt': ['createdAt', 'desc'],
  createdAt: ['createdAt', 'asc'],
  email: ['email', 'asc'],
  '-email': ['email', 'desc'],
  memberCode: ['memberCode', 'asc'],
  '-memberCode': ['memberCode', 'desc'],
  lastName: ['lastName', 'asc'],
  '-lastName': ['lastName', 'desc'],
};

/** The spec's order of membership codes: lists holding the same codes compare equal. */
function canonicalCodes(codes: readonly string[]): MembershipCode[] {
  const given = new Set(codes);
  return MEMBERSHIP_CODES.filter((c) => given.has(c));
}

/** What a patch really changes, field by field (texts trimmed, an empty nickname is none). */
function diff(user: UserRow, body: AdminUserPatchBody): { next: Partial<Editable>; changes: FieldChange[] } {
  const next: Partial<Editable> = {};
  const changes: FieldChange[] = [];
  if (body.status !== undefined && body.status !== user.status) {
    next.status = body.status;
    changes.push({ field: 'status', before: user.status, after: body.status });
  }
  if (body.membershipCodes !== undefined) {
    const before = canonicalCodes(user.membershipCodes);
    const after = canonicalCodes(body.membershipCodes);
    if (before.join() !== after.join()) {
      next.membershipCodes = after;
      changes.push({ field: 'membershipCodes', before, after });
    }
  }
  for (const field of ['firstName', 'lastName'] as const) {
    const after = body[field]?.trim();
    if (after !== undefined && after !== user[field]) {
      next[field] = after;
      changes.push({ field, before: user[field], after });
    }
  }
  if (body.nickname !== undefined) {
    const after = body.nickname?.trim() || null;
    const before = user.nickname ?? null;
    if (after !== before) {
      next.nickname = after;
      changes.push({ field: 'nickname', before, after });
    }
  }
  if (body.phone !== undefined && body.phone !== user.phone) {
    next.phone = body.phone;
    changes.push({ field: 'phone', before: user.phone, after: body.phone });
  }
  return { next, changes };
}

/** Users in the back office (search, view, edit with an audit trail) and the member's own profile edits. */
export class UserAdmin {
  constructor(
    private readonly kit: Kit,
    private readonly audit: Audit,
    private readonly addresses: Addresses,
  ) {}

  async list(query: AdminUserListQuery): Promise<Paged<UserView>> {
    const qb = this.kit.orm.em.fork().createQueryBuilder(User, 'u');
    const q = query.q?.trim();
    if (q) {
      const like = containsPattern(q);
      qb.andWhere({
        $or: [
          { email: { $ilike: like } },
          { firstName: { $ilike: like } },
          { lastName: { $ilike: like } },
          { nickname: { $ilike: like } },
          { phone: { $ilike: like } },
          { memberCode: { $ilike: like } },
        ],
      });
    }
    if (query.status) qb.andWhere({ status: query.status });
    if (query.membershipCode) {
      qb.andWhere('u.membership_codes @> ?::jsonb', [JSON.stringify([query.membershipCode])]);
    }
    const [field, direction] = SORTS[query.sort];
    qb.orderBy([{ [field]: direction }, { id: direction }])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [rows, total] = await qb.getResultAndCount();
    return { items: rows.map(userView), page: query.page, pageSize: query.pageSize, total };
  }

  async detail(id: string): Promise<{ user: UserView; addresses: AddressView[] }> {
    const user = await this.kit.orm.em.fork().findOne(User, { id });
    if (!user) throw new ProblemError('auth.user_not_found');
    return { user: userView(user), addresses: await this.addresses.list(id) };
  }

  async addressesOf(id: string): Promise<AddressView[]> {
    await this.mustExist(id);
    return this.addresses.list(id);
  }

  async changes(id: string, page: number, pageSize: number): Promise<Paged<UserChangeView>> {
    await this.mustExist(id);
    return this.audit.list(id, page, pageSize);
  }

  /** A staff member edits a user; a new status or new membership codes are announced and end older tokens. */
  async update(id: string, body: AdminUserPatchBody, staffId: string): Promise<UserView> {
    const staff = await this.kit.orm.em.fork().findOne(Staff, { id: staffId });
    return this.change(
      id,
      body,
      () => ({ id: staffId, kind: 'staff', name: staff?.username ?? null }),
      'auth.user_not_found',
    );
  }

  /** The member edits their own nickname and phone (PATCH /me). */
  async updateProfile(
    userId: string,
    body: Pick<AdminUserPatchBody, 'nickname' | 'phone'>,
  ): Promise<UserView> {
    return this.change(
      userId,
      { nickname: body.nickname, phone: body.phone },
      (u) => ({ id: u.id, kind: 'user', name: u.email }),
      'auth.unauthenticated',
    );
  }

  private async change(
    id: string,
    body: AdminUserPatchBody,
    actorOf: (u: UserRow) => Actor,
    notFound: ErrorCode,
  ): Promise<UserView> {
    const { user, revoked } = await this.kit.orm.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw new ProblemError(notFound);
      return { user, revoked: await this.applyChange(em, user, body, actorOf(user)) };
    });
    // ...and again after it, for a token refreshed from the old row while the transaction ran
    if (revoked) {
      await revokeUserTokensBefore(this.kit.redis, id).catch((err: unknown) =>
        this.kit.logger.error({ err, userId: id }, 'could not mark older access tokens revoked'),
      );
    }
    return userView(user);
  }

  /**
   * A paid order (`orders.order.paid`, inside its consumer's transaction): the buyer becomes
   * Premium when New or Wait, and gains the membership code of the price bought at unless it is NL
   * — through the same path as a staff edit (audit rows, events, older tokens revoked), by
   * `system:orders`. Nothing to change (already Premium with the code) → no row, no event.
   * Returns whether anything changed.
   */
  async applyPaidOrder(
    em: EntityManager,
    order: { userId: string; reference: string; membershipCode?: MembershipCode | undefined },
  ): Promise<boolean> {
    const user = await em.findOne(User, { id: order.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!user) {
      this.kit.logger.warn({ userId: order.userId }, 'paid order for an unknown user; nothing to change');
      return false;
    }
    const body: AdminUserPatchBody = {};
    if (user.status === 'New' || user.status === 'Wait') body.status = 'Premium';
    const code = order.membershipCode;
    if (code && code !== 'NL' && !user.membershipCodes.includes(code)) {
      body.membershipCodes = [...user.membershipCodes, code];
    }
    return this.applyChange(em, user, body, {
      id: PAID_ORDER_ACTOR,
      kind: 'system',
      name: `order ${order.reference}`,
    });
  }

  /**
   * The admin change path, inside the caller's transaction with the user row locked: the fields
   * that really change are written and recorded (audit), a new status or new membership codes are
   * announced and end older tokens. Returns whether tokens were revoked.
   */
  private async applyChange(
    em: EntityManager,
    user: UserRow,
    body: AdminUserPatchBody,
    actor: Actor,
  ): Promise<boolean> {
    const { next, changes } = diff(user, body);
    if (!changes.length) return false;
    const at = new Date();
    em.assign(user, { ...next, updatedAt: at });
    this.audit.record(em, user.id, actor, changes, at);
    if (next.status) {
      this.kit.outbox.add(em, UserStatusChanged, {
        userId: user.id,
        from: changes.find((c) => c.field === 'status')!.before as UserRow['status'],
        to: next.status,
        changedBy: actor.id,
        changedAt: at.toISOString(),
      });
    }
    if (next.membershipCodes) {
      this.kit.outbox.add(em, UserMembershipChanged, {
        userId: user.id,
        membershipCodes: next.membershipCodes,
        changedBy: actor.id,
        changedAt: at.toISOString(),
      });
    }
    // tokens carry status and membership codes: older ones must go. Marked before the commit, so
    // with Redis away nothing changes...
    const revoked = Boolean(next.status || next.membershipCodes);
    if (revoked) await revokeUserTokensBefore(this.kit.redis, user.id, at);
    return revoked;
  }

  private async mustExist(id: string): Promise<void> {
    if (!(await this.kit.orm.em.fork().count(User, { id }))) throw new ProblemError('auth.user_not_found');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    userAdmin: UserAdmin;
  }
}

export default fp(
  async (app) => {
    app.decorate('userAdmin', new UserAdmin(app.kit, app.audit, app.userAddresses));
  },
  { name: 'user-admin', dependencies: ['audit', 'addresses'] },
);
