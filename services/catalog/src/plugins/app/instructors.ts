import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  InstructorChanged,
  InstructorDeleted,
  type InstructorAdminQuery,
  type InstructorCreateBody,
  type InstructorPublic,
  type InstructorStaff,
  type InstructorsOfMonth,
  type InstructorUpdateBody,
} from '@rian/proto-contracts/catalog-content';
import { Instructor, type InstructorEntity } from '../../entities/instructor.js';
import { containsPattern } from '../../domain/product-rules.js';
import { bangkokMonth, sortOrder } from '../../domain/content-rules.js';
import {
  instructorProblems,
  newInstructorFields,
  updatedInstructorFields,
  type InstructorFields,
} from '../../domain/content-fields.js';
import { instructorPublic, instructorStaff } from '../../domain/content-views.js';
import type { Paged } from './products.js';
import type { CatalogCache } from './cache.js';
import {
  assertNoProblems,
  cached,
  FOR_UPDATE,
  found,
  paged,
  window,
  write,
  type Paging,
} from './content-support.js';

// the /speakers order: staff's item, then name
const SHOWN_ORDER = [{ item: 'asc' }, { name: 'asc' }, { id: 'asc' }] as const;

function fieldsOf(i: InstructorEntity): InstructorFields {
  return {
    name: i.name,
    detail: i.detail ?? null,
    content: i.content ?? null,
    img: i.img ?? null,
    item: i.item,
    position: i.position ?? null,
    facebook: i.facebook ?? null,
    twitter: i.twitter ?? null,
    youtube: i.youtube ?? null,
    pinterest: i.pinterest ?? null,
    linkedin: i.linkedin ?? null,
    hide: i.hide,
    featuredMonths: [...i.featuredMonths],
  };
}

/** Instructors (speakers): the /speakers page, the instructor of the month, and staff writes. */
export class InstructorCatalog {
  constructor(
    readonly kit: Kit,
    readonly cache: CatalogCache,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  async listPublic(q: Paging): Promise<Paged<InstructorPublic>> {
    return cached(this, `instructors:${q.page}:${q.pageSize}`, async () => {
      const [rows, total] = await this.em().findAndCount(
        Instructor,
        { hide: 'N' },
        { orderBy: [...SHOWN_ORDER], ...window(q) },
      );
      return paged(rows.map(instructorPublic), total, q);
    });
  }

  async publicById(id: string): Promise<InstructorPublic> {
    return cached(this, `instructor:${id}`, async () => {
      const i = await this.em().findOne(Instructor, { id, hide: 'N' });
      return instructorPublic(found(i, 'catalog.instructor_not_found'));
    });
  }

  /**
   * The instructors of the month: the shown speakers staff featured for `month` (yyyy-mm; the
   * current Asia/Bangkok month when absent), in the /speakers order. None featured → empty.
   */
  async ofMonth(month: string | undefined): Promise<InstructorsOfMonth> {
    // the clock is read before the cache: the key names the month, so a new month is a new entry
    const m = month ?? bangkokMonth(this.clock());
    return cached(this, `instructors-of-month:${m}`, async () => {
      const rows = await this.em().find(
        Instructor,
        { hide: 'N', featuredMonths: { $contains: [m] } },
        { orderBy: [...SHOWN_ORDER] },
      );
      return { month: m, items: rows.map(instructorPublic) };
    });
  }

  async listStaff(q: InstructorAdminQuery): Promise<Paged<InstructorStaff>> {
    const { field, direction } = sortOrder(q.sort);
    const text = q.q?.trim();
    const like = text ? containsPattern(text) : undefined;
    const where: FilterQuery<InstructorEntity> = like
      ? { $or: [{ name: { $ilike: like } }, { position: { $ilike: like } }] }
      : {};
    const [rows, total] = await this.em().findAndCount(Instructor, where, {
      orderBy: [{ [field]: direction }, { id: direction }],
      ...window(q),
    });
    return paged(rows.map(instructorStaff), total, q);
  }

  async staffById(id: string): Promise<InstructorStaff> {
    return instructorStaff(
      found(await this.em().findOne(Instructor, { id }), 'catalog.instructor_not_found'),
    );
  }

  async create(body: InstructorCreateBody, createdBy: string | null): Promise<InstructorStaff> {
    const fields = newInstructorFields(body);
    assertNoProblems(instructorProblems(fields));
    const row = await write(this, async (em) => {
      const now = new Date();
      const i = em.create(Instructor, { id: uuidv7(), ...fields, createdBy, createdAt: now, updatedAt: now });
      this.kit.outbox.add(em, InstructorChanged, instructorStaff(i));
      return i;
    });
    return instructorStaff(row);
  }

  async update(id: string, body: InstructorUpdateBody): Promise<InstructorStaff> {
    const row = await write(this, async (em) => {
      const i = found(await em.findOne(Instructor, { id }, FOR_UPDATE), 'catalog.instructor_not_found');
      const fields = updatedInstructorFields(fieldsOf(i), body);
      assertNoProblems(instructorProblems(fields));
      em.assign(i, { ...fields, updatedAt: new Date() });
      this.kit.outbox.add(em, InstructorChanged, instructorStaff(i));
      return i;
    });
    return instructorStaff(row);
  }

  async remove(id: string): Promise<void> {
    await write(this, async (em) => {
      const i = found(await em.findOne(Instructor, { id }, FOR_UPDATE), 'catalog.instructor_not_found');
      em.remove(i);
      this.kit.outbox.add(em, InstructorDeleted, { id, deletedAt: new Date().toISOString() });
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    instructors: InstructorCatalog;
  }
}

export default fp<{ clock?: () => Date }>(
  async (app, opts) => {
    app.decorate('instructors', new InstructorCatalog(app.kit, app.catalogCache, opts.clock));
  },
  { name: 'instructors', dependencies: ['catalog-cache'] },
);
