import type { EntityName, FilterQuery, QueryOrderMap, RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { ErrorCode } from '@rian/kit/errors';
import type { EventContract, EventData } from '@rian/proto-contracts/envelope';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { containsPattern } from '../../domain/product-rules.js';
import { sortOrder } from '../../domain/content-rules.js';
import type { Paged } from './products.js';
import { FOR_UPDATE, found, paged, window, write, type ContentDeps } from './content-support.js';

/** What a staff-edited content record is: its entity, its problem when unknown, its view and events. */
export interface StaffRecord<E extends { id: string }, C extends EventContract, D extends EventContract> {
  entity: EntityName<E>;
  notFound: ErrorCode;
  /** The staff view, which is also the data of the changed event. */
  staff: (row: E) => EventData<C>;
  changed: C;
  deleted: D;
  deletedData: (row: E, deletedAt: string) => EventData<D>;
}

/** Constraints (unique, foreign key) a write turns into their problems. */
interface WriteOptions {
  conflicts?: Record<string, ErrorCode>;
}

/** A staff list: the admin sort ("-name" …), an optional search text and the page. */
export interface StaffSearch {
  sort: string;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * The staff reads and writes every content record has: get or 404, create, update and delete, each
 * in one transaction with its outbox event and the public cache invalidated once committed.
 */
export class StaffCrud<E extends { id: string }, C extends EventContract, D extends EventContract> {
  constructor(
    private readonly deps: ContentDeps,
    private readonly record: StaffRecord<E, C, D>,
  ) {}

  async byId(id: string): Promise<EventData<C>> {
    const row = await this.deps.kit.orm.em.fork().findOne(this.record.entity, this.whereId(id));
    return this.record.staff(found(row, this.record.notFound));
  }

  /** Rows whose `columns` contain the search text (all without one), in the admin's sort order. */
  async search(q: StaffSearch, columns: readonly (keyof E & string)[]): Promise<Paged<EventData<C>>> {
    const { field, direction } = sortOrder(q.sort);
    const text = q.q?.trim();
    const like = text ? containsPattern(text) : undefined;
    const where = (like ? { $or: columns.map((c) => ({ [c]: { $ilike: like } })) } : {}) as FilterQuery<E>;
    const orderBy = [{ [field]: direction }, { id: direction }] as QueryOrderMap<E>[];
    const [rows, total] = await this.deps.kit.orm.em
      .fork()
      .findAndCount(this.record.entity, where, { orderBy, ...window(q) });
    return paged(rows.map(this.record.staff), total, q);
  }

  /** `check` runs first in the transaction (e.g. the rows the new one refers to must exist). */
  async create<F extends object>(
    fields: F,
    createdBy: string | null,
    opts: WriteOptions & { check?: (em: EntityManager) => Promise<void> } = {},
  ): Promise<EventData<C>> {
    const row = await write(
      this.deps,
      async (em) => {
        await opts.check?.(em);
        return this.insert(em, fields, createdBy);
      },
      opts.conflicts,
    );
    return this.record.staff(row);
  }

  /** A new row and its changed event in `em`'s unit of work (create; the demo seed). */
  insert<F extends object>(em: EntityManager, fields: F, createdBy: string | null): E {
    const now = new Date();
    const data = { id: uuidv7(), ...fields, createdBy, createdAt: now, updatedAt: now };
    const r = em.create(this.record.entity, data as unknown as RequiredEntityData<E>);
    this.deps.kit.outbox.add(em, this.record.changed, this.record.staff(r));
    return r;
  }

  /** `next` gives the new fields from the locked row (and answers 400 when they break a rule). */
  async update<F extends object>(
    id: string,
    next: (row: E, em: EntityManager) => F | Promise<F>,
    opts: WriteOptions = {},
  ): Promise<EventData<C>> {
    const row = await write(
      this.deps,
      async (em) => {
        const r = await this.locked(em, id);
        const fields = await next(r, em);
        assignFields(em, r, { ...fields, updatedAt: new Date() });
        this.deps.kit.outbox.add(em, this.record.changed, this.record.staff(r));
        return r;
      },
      opts.conflicts,
    );
    return this.record.staff(row);
  }

  /** `before` runs on the locked row before it goes (e.g. refuses, or removes what hangs on it). */
  async remove(
    id: string,
    opts: WriteOptions & { before?: (em: EntityManager, row: E, deletedAt: string) => Promise<void> } = {},
  ): Promise<void> {
    await write(
      this.deps,
      async (em) => {
        const r = await this.locked(em, id);
        const deletedAt = new Date().toISOString();
        await opts.before?.(em, r, deletedAt);
        em.remove(r);
        this.deps.kit.outbox.add(em, this.record.deleted, this.record.deletedData(r, deletedAt));
      },
      opts.conflicts,
    );
  }

  private async locked(em: EntityManager, id: string): Promise<E> {
    return found(await em.findOne(this.record.entity, this.whereId(id), FOR_UPDATE), this.record.notFound);
  }

  private whereId(id: string): FilterQuery<E> {
    return { id } as FilterQuery<E>;
  }
}

/** `em.assign` of plain fields: its data type cannot be worked out for an entity type left open. */
function assignFields(em: EntityManager, row: object, data: object): void {
  em.assign(row, data);
}
