import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import type {
  ChangeActorKind,
  ChangedValue,
  UserChangeField,
  UserChangeView,
} from '@rian/proto-contracts/auth-admin';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { UserChange, type UserChangeRow } from '../../entities/user-change.js';

/**
 * Who made a change: a staff member in the back office, the member on their own profile, or the
 * system reacting to an event (id `system:<service>`, e.g. a paid order).
 */
export interface Actor {
  id: string;
  kind: ChangeActorKind;
  name: string | null;
}

export interface FieldChange {
  field: UserChangeField;
  before: ChangedValue;
  after: ChangedValue;
}

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

function changeView(c: UserChangeRow): UserChangeView {
  return {
    id: c.id,
    userId: c.userId,
    field: c.field,
    before: c.before ?? null,
    after: c.after ?? null,
    changedBy: { id: c.changedBy, kind: c.changedByKind, name: c.changedByName ?? null },
    changedAt: c.changedAt.toISOString(),
  };
}

/** The audit trail of users' records: one row per changed field, written in the change's own transaction. */
export class Audit {
  constructor(private readonly kit: Kit) {}

  record(em: EntityManager, userId: string, actor: Actor, changes: FieldChange[], at: Date): void {
    for (const c of changes) {
      em.create(UserChange, {
        id: uuidv7(),
        userId,
        field: c.field,
        before: c.before,
        after: c.after,
        changedBy: actor.id,
        changedByKind: actor.kind,
        changedByName: actor.name,
        changedAt: at,
      });
    }
  }

  /** Newest first. */
  async list(userId: string, page: number, pageSize: number): Promise<Paged<UserChangeView>> {
    const [rows, total] = await this.kit.orm.em
      .fork()
      .findAndCount(
        UserChange,
        { userId },
        { orderBy: [{ changedAt: 'desc' }, { id: 'desc' }], limit: pageSize, offset: (page - 1) * pageSize },
      );
    return { items: rows.map(changeView), page, pageSize, total };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: Audit;
  }
}

export default fp(
  async (app) => {
    app.decorate('audit', new Audit(app.kit));
  },
  { name: 'audit' },
);
