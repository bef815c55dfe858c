import fp from 'fastify-plugin';
import { LockMode, UniqueConstraintViolationException, type InferEntity } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import { containsPattern } from '@rian/kit/staff-crud';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import { revokeUserTokensBefore } from '@rian/kit/revocation';
import type {
  PersonnelCreateBody,
  PersonnelListQuery,
  PersonnelUpdateBody,
  PersonnelView,
} from '@rian/proto-contracts/auth-admin';
import { Staff } from '../../entities/staff.js';
import { hashPassword } from './passwords.js';
import type { Paged } from './audit.js';

type StaffRow = InferEntity<typeof Staff>;

// one key for every replica: the "at least one admin" check and the change it guards run one at a time
const ADMINS_LOCK = 'auth.personnel.admins';

export function personnelView(s: StaffRow): PersonnelView {
  return {
    id: s.id,
    username: s.username,
    name: s.name,
    lastName: s.lastName ?? null,
    nickname: s.nickname ?? null,
    tel: s.tel ?? null,
    position: s.position ?? null,
    role: s.role,
    disabled: s.disabled,
    createdAt: s.createdAt.toISOString(),
  };
}

const blankToNull = (v: string | undefined): string | null => v?.trim() || null;

function details(body: PersonnelCreateBody | PersonnelUpdateBody) {
  return {
    username: body.username,
    name: body.name.trim(),
    lastName: blankToNull(body.lastName),
    nickname: blankToNull(body.nickname),
    tel: blankToNull(body.tel),
    position: blankToNull(body.position),
    role: body.role,
  };
}

/** Personnel (spec 02 §3) managed by admins: staff accounts with role admin or staff; deleting disables. */
export class Personnel {
  constructor(private readonly kit: Kit) {}

  async list(query: PersonnelListQuery): Promise<Paged<PersonnelView>> {
    const q = query.q?.trim();
    const like = q ? containsPattern(q) : undefined;
    const [rows, total] = await this.kit.orm.em.fork().findAndCount(
      Staff,
      like
        ? {
            $or: [
              { username: { $ilike: like } },
              { name: { $ilike: like } },
              { lastName: { $ilike: like } },
              { nickname: { $ilike: like } },
              { position: { $ilike: like } },
            ],
          }
        : {},
      {
        orderBy: [{ disabled: 'asc' }, { username: 'asc' }],
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      },
    );
    return { items: rows.map(personnelView), page: query.page, pageSize: query.pageSize, total };
  }

  async get(id: string): Promise<PersonnelView> {
    const staff = await this.kit.orm.em.fork().findOne(Staff, { id });
    if (!staff) throw new ProblemError('auth.staff_not_found');
    return personnelView(staff);
  }

  async create(body: PersonnelCreateBody): Promise<PersonnelView> {
    const passwordHash = await hashPassword(body.password);
    const staff = await this.write(async (em) => {
      if (await em.count(Staff, { username: body.username })) throw new ProblemError('auth.username_taken');
      const now = new Date();
      return em.create(Staff, {
        id: crypto.randomUUID(),
        ...details(body),
        passwordHash,
        disabled: false,
        createdAt: now,
        updatedAt: now,
      });
    });
    return personnelView(staff);
  }

  /** Replaces an account. An admin cannot demote or disable themselves, nor the last admin. */
  async update(id: string, body: PersonnelUpdateBody, actorId: string): Promise<PersonnelView> {
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    const { staff, signOut } = await this.write(async (em) => {
      const staff = await this.lockForChange(em, id);
      const disabled = body.disabled ?? staff.disabled;
      await this.guardAdmins(em, staff, actorId, body.role !== 'admin' || disabled);
      if (body.username !== staff.username && (await em.count(Staff, { username: body.username }))) {
        throw new ProblemError('auth.username_taken');
      }
      const signOut = Boolean(passwordHash) || body.role !== staff.role || (disabled && !staff.disabled);
      em.assign(staff, {
        ...details(body),
        disabled,
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: new Date(),
      });
      return { staff, signOut };
    });
    if (signOut) await this.signOut(staff.id);
    return personnelView(staff);
  }

  /** Soft delete: the account is disabled and signed out everywhere; it stays listed. */
  async remove(id: string, actorId: string): Promise<void> {
    const changed = await this.write(async (em) => {
      const staff = await this.lockForChange(em, id);
      if (staff.disabled) return false;
      await this.guardAdmins(em, staff, actorId, true);
      em.assign(staff, { disabled: true, updatedAt: new Date() });
      return true;
    });
    if (changed) await this.signOut(id);
  }

  private async lockForChange(em: EntityManager, id: string): Promise<StaffRow> {
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [ADMINS_LOCK]);
    const staff = await em.findOne(Staff, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!staff) throw new ProblemError('auth.staff_not_found');
    return staff;
  }

  /**
   * The last enabled admin cannot be demoted or disabled (checked first: the stronger reason), and
   * no admin can do that to their own account.
   */
  private async guardAdmins(em: EntityManager, staff: StaffRow, actorId: string, losesAdmin: boolean) {
    if (!losesAdmin) return;
    if (staff.role === 'admin' && !staff.disabled) {
      const others = await em.count(Staff, { role: 'admin', disabled: false, id: { $ne: staff.id } });
      if (!others) throw new ProblemError('auth.last_admin');
    }
    if (staff.id === actorId) throw new ProblemError('auth.staff_self_remove');
  }

  /** Ends every session of a staff account: refresh tokens revoked, older access tokens refused. */
  private async signOut(staffId: string): Promise<void> {
    await this.kit.orm.em
      .fork()
      .execute('update refresh_tokens set revoked_at = now() where subject_id = ? and revoked_at is null', [
        staffId,
      ]);
    await revokeUserTokensBefore(this.kit.redis, staffId);
  }

  /** Runs a write in a transaction; a username another account holds becomes a 409. */
  private async write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.kit.orm.em.fork().transactional(work);
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw new ProblemError('auth.username_taken');
      throw err;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    personnel: Personnel;
  }
}

export default fp(
  async (app) => {
    app.decorate('personnel', new Personnel(app.kit));
  },
  { name: 'personnel' },
);
