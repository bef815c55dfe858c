import {
  ForeignKeyConstraintViolationException,
  LockMode,
  UniqueConstraintViolationException,
  type EntityName,
  type FilterQuery,
  type QueryOrderMap,
  type RequiredEntityData,
} from '@mikro-orm/core';
import type { EventContract, EventData } from '@rian/proto-contracts/envelope';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { EntityManager } from './db.js';
import { fieldError, ProblemError, validationProblem, type ErrorCode } from './errors.js';
import type { Kit } from './service.js';

/**
 * The staff reads and writes of a back-office record (list with paging, sort and search; get or 404;
 * create, update and delete, each in one transaction with its outbox event). Routes: staff-routes.ts.
 *
 * ```ts
 * export class Lessons {
 *   private readonly crud = new StaffCrud(
 *     { kit, afterCommit: async () => cache.invalidate() }, // afterCommit is optional
 *     {
 *       entity: Lesson,
 *       notFound: 'learning.lesson_not_found',
 *       staff: lessonStaff, // the staff view; also the changed event's data unless changedData says
 *       changed: LessonChanged,
 *       deleted: LessonDeleted,
 *       deletedData: (l, deletedAt) => ({ id: l.id, deletedAt }),
 *     },
 *   );
 *   list = (q: LessonAdminQuery) => this.crud.search(q, ['title'], q.courseId ? { courseId: q.courseId } : {});
 *   byId = (id: string) => this.crud.byId(id);
 *   create = (body: LessonCreateBody, by: string | null) =>
 *     this.crud.create(lessonFields(body), by, { conflicts: { lessons_code_unique: 'learning.lesson_code_taken' } });
 *   update = (id: string, body: LessonUpdateBody) => this.crud.update(id, (row) => lessonFields(body, row));
 *   remove = (id: string) => this.crud.remove(id);
 * }
 * ```
 */

export interface Paging {
  page: number;
  pageSize: number;
}

/** A page of a list: the `Page(item)` schema of proto-contracts/common. */
export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The rows of a page, as `find`'s limit and offset. */
export function window(q: Paging): { limit: number; offset: number } {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}

export function paged<T>(items: T[], total: number, q: Paging): Paged<T> {
  return { items, page: q.page, pageSize: q.pageSize, total };
}

/** `q` as an ILIKE pattern matching anywhere, with the user's % _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An admin sort name such as "-name" as field and direction. */
export function sortOrder(sort: string): { field: string; direction: 'asc' | 'desc' } {
  return sort.startsWith('-')
    ? { field: sort.slice(1), direction: 'desc' }
    : { field: sort, direction: 'asc' };
}

/** A rule the schema cannot say, broken by one field of a body, with the code it answers. */
export interface FieldProblem {
  field: string;
  code: ErrorCode;
}

/** Answers 400 with one entry per broken field, or returns when there is none. */
export function assertNoProblems(problems: readonly FieldProblem[]): void {
  if (problems.length) throw validationProblem(problems.map((p) => fieldError(p.field, p.code)));
}

/** The row, or the not-found problem. */
export function found<T>(row: T | null, code: ErrorCode): T {
  if (!row) throw new ProblemError(code);
  return row;
}

export const FOR_UPDATE = { lockMode: LockMode.PESSIMISTIC_WRITE } as const;
export const FOR_SHARE = { lockMode: LockMode.PESSIMISTIC_READ } as const;

/** What staff writes need: the kit, and what to do once a write has committed (e.g. drop a cache). */
export interface StaffDeps {
  readonly kit: Kit;
  readonly afterCommit?: (() => Promise<void>) | undefined;
}

/**
 * A constraint's problem: a code (answered as it is), or a function making the problem (e.g. with
 * the field it is about).
 */
export type ConflictProblem = ErrorCode | (() => ProblemError);

/**
 * Runs a staff write in one transaction (the change and its outbox events), then `afterCommit`. A
 * unique constraint named in `conflicts` becomes its problem (409); a foreign key named there its
 * problem (e.g. a type deleted while still in use). Anything else fails as it is.
 */
export async function write<T>(
  deps: StaffDeps,
  work: (em: EntityManager) => Promise<T>,
  conflicts: Record<string, ConflictProblem> = {},
): Promise<T> {
  let result: T;
  try {
    result = await deps.kit.orm.em.fork().transactional(work);
  } catch (err) {
    if (
      err instanceof UniqueConstraintViolationException ||
      err instanceof ForeignKeyConstraintViolationException
    ) {
      const problem = conflicts[(err as { constraint?: string }).constraint ?? ''];
      if (typeof problem === 'function') throw problem();
      if (problem) throw new ProblemError(problem);
    }
    throw err;
  }
  await deps.afterCommit?.();
  return result;
}

/** What a staff-edited record is: its entity, its problem when unknown, its view and events. */
export type StaffRecord<
  E extends { id: string },
  C extends EventContract,
  D extends EventContract,
  V = EventData<C>,
> = {
  entity: EntityName<E>;
  notFound: ErrorCode;
  /** The staff view (what the routes answer). */
  staff: (row: E) => V;
  changed: C;
  deleted: D;
  deletedData: (row: E, deletedAt: string) => EventData<D>;
  /** Nullable sort fields whose nulls come last in both directions (Postgres puts them first in desc). */
  nullsLast?: readonly string[];
} & (V extends EventData<C>
  ? { /** The changed event's data; the staff view when absent. */ changedData?: (row: E) => EventData<C> }
  : { changedData: (row: E) => EventData<C> });

/** Constraints (unique, foreign key) a write turns into their problems. */
export interface WriteOptions {
  conflicts?: Record<string, ConflictProblem>;
}

/** A staff list: the admin sort ("-name" …), an optional search text and the page. */
export interface StaffSearch extends Paging {
  sort: string;
  q?: string | undefined;
}

/**
 * The staff reads and writes every back-office record has: list, get or 404, create, update and
 * delete, each write in one transaction with its outbox event, then the deps' `afterCommit`.
 */
export class StaffCrud<
  E extends { id: string },
  C extends EventContract,
  D extends EventContract,
  V = EventData<C>,
> {
  constructor(
    private readonly deps: StaffDeps,
    private readonly record: StaffRecord<E, C, D, V>,
  ) {}

  async byId(id: string): Promise<V> {
    const row = await this.deps.kit.orm.em.fork().findOne(this.record.entity, this.whereId(id));
    return this.record.staff(found(row, this.record.notFound));
  }

  /**
   * Rows whose `columns` contain the search text (all without one) and that match `where`, in the
   * admin's sort order (then by id, so pages never overlap).
   */
  async search(
    q: StaffSearch,
    columns: readonly (keyof E & string)[],
    where: FilterQuery<E> = {} as FilterQuery<E>,
  ): Promise<Paged<V>> {
    const { field, direction } = sortOrder(q.sort);
    const text = q.q?.trim();
    const like = text ? containsPattern(text) : undefined;
    const matches = like ? { $or: columns.map((c) => ({ [c]: { $ilike: like } })) } : undefined;
    const filter = (
      matches && Object.keys(where).length ? { $and: [where, matches] } : (matches ?? where)
    ) as FilterQuery<E>;
    const order = this.record.nullsLast?.includes(field) ? `${direction} nulls last` : direction;
    const orderBy = [{ [field]: order }, { id: direction }] as QueryOrderMap<E>[];
    const [rows, total] = await this.deps.kit.orm.em
      .fork()
      .findAndCount(this.record.entity, filter, { orderBy, ...window(q) });
    return paged(
      rows.map((r) => this.record.staff(r)),
      total,
      q,
    );
  }

  /** `check` runs first in the transaction (e.g. the rows the new one refers to must exist). */
  async create<F extends object>(
    fields: F,
    createdBy: string | null,
    opts: WriteOptions & { check?: (em: EntityManager) => Promise<void> } = {},
  ): Promise<V> {
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

  /**
   * A new row and its changed event in `em`'s unit of work (create; a demo seed). `fields` may
   * carry the `id` (a seed's fixed ids); a new one otherwise.
   */
  insert<F extends object>(em: EntityManager, fields: F, createdBy: string | null): E {
    const now = new Date();
    const data = { id: uuidv7(), ...fields, createdBy, createdAt: now, updatedAt: now };
    const r = em.create(this.record.entity, data as unknown as RequiredEntityData<E>);
    this.deps.kit.outbox.add(em, this.record.changed, this.changedData(r));
    return r;
  }

  /** `next` gives the new fields from the locked row (and answers 400 when they break a rule). */
  async update<F extends object>(
    id: string,
    next: (row: E, em: EntityManager) => F | Promise<F>,
    opts: WriteOptions = {},
  ): Promise<V> {
    const row = await write(
      this.deps,
      async (em) => {
        const r = await this.locked(em, id);
        const fields = await next(r, em);
        assignFields(em, r, { ...fields, updatedAt: new Date() });
        this.deps.kit.outbox.add(em, this.record.changed, this.changedData(r));
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

  /** Runs `work` as a staff write of this record's deps (one transaction, then `afterCommit`). */
  write<T>(work: (em: EntityManager) => Promise<T>, opts: WriteOptions = {}): Promise<T> {
    return write(this.deps, work, opts.conflicts);
  }

  /** The row locked for a write in `em`'s transaction, or the not-found problem. */
  async locked(em: EntityManager, id: string): Promise<E> {
    return found(await em.findOne(this.record.entity, this.whereId(id), FOR_UPDATE), this.record.notFound);
  }

  private changedData(row: E): EventData<C> {
    const r = this.record as { changedData?: (row: E) => EventData<C>; staff: (row: E) => unknown };
    return r.changedData ? r.changedData(row) : (r.staff(row) as EventData<C>);
  }

  private whereId(id: string): FilterQuery<E> {
    return { id } as FilterQuery<E>;
  }
}

/** `em.assign` of plain fields: its data type cannot be worked out for an entity type left open. */
function assignFields(em: EntityManager, row: object, data: object): void {
  em.assign(row, data);
}
