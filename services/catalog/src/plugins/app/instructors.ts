import fp from 'fastify-plugin';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import {
  StaffCrud,
  assertNoProblems,
  found,
  paged,
  window,
  type Paging,
  type Paged,
} from '@rian/kit/staff-crud';
import type { Kit } from '@rian/kit/service';
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
import { bangkokMonth } from '../../domain/content-rules.js';
import {
  instructorProblems,
  newInstructorFields,
  updatedInstructorFields,
  type InstructorFields,
} from '../../domain/content-fields.js';
import { instructorPublic, instructorStaff } from '../../domain/content-views.js';
import type { CatalogCache } from './cache.js';
import { cached, staffDeps } from './content-support.js';

/** How many not-yet-announced instructors one announcing transaction takes. */
const ANNOUNCE_BATCH = 200;

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
  private readonly crud = new StaffCrud(staffDeps(this), {
    entity: Instructor,
    notFound: 'catalog.instructor_not_found',
    staff: instructorStaff,
    changed: InstructorChanged,
    deleted: InstructorDeleted,
    deletedData: (i, deletedAt) => ({ id: i.id, deletedAt }),
  });

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
    return this.crud.search(q, ['name', 'position']);
  }

  async staffById(id: string): Promise<InstructorStaff> {
    return this.crud.byId(id);
  }

  async create(body: InstructorCreateBody, createdBy: string | null): Promise<InstructorStaff> {
    const fields = newInstructorFields(body);
    assertNoProblems(instructorProblems(fields));
    return this.crud.create({ ...fields, announcedAt: new Date() }, createdBy);
  }

  async update(id: string, body: InstructorUpdateBody): Promise<InstructorStaff> {
    return this.crud.update(id, (i) => {
      const fields = updatedInstructorFields(fieldsOf(i), body);
      assertNoProblems(instructorProblems(fields));
      return { ...fields, announcedAt: new Date() };
    });
  }

  async remove(id: string): Promise<void> {
    await this.crud.remove(id);
  }

  /**
   * Writes `catalog.instructor.changed` once for every instructor not announced yet — those made
   * before learning kept its read model of instructors (or older than the stream's retention), or
   * written into the table by hand — and marks them. Runs at start, in batches; `skip locked` lets
   * replicas starting together share the work without announcing twice. Returns how many it announced.
   */
  async announcePending(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.em().transactional(async (em) => {
        const rows = await em.find(
          Instructor,
          { announcedAt: null },
          { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, orderBy: { id: 'asc' }, limit: ANNOUNCE_BATCH },
        );
        const now = new Date();
        for (const i of rows) {
          i.announcedAt = now;
          this.kit.outbox.add(em, InstructorChanged, instructorStaff(i));
        }
        return rows.length;
      });
      total += n;
      if (n < ANNOUNCE_BATCH) return total;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    instructors: InstructorCatalog;
  }
}

export default fp<{ clock?: () => Date }>(
  async (app, opts) => {
    const instructors = new InstructorCatalog(app.kit, app.catalogCache, opts.clock);
    app.decorate('instructors', instructors);
    // instructors from before learning listened reach its read model once (a failure: next start)
    app.addHook('onReady', async () => {
      try {
        const announced = await instructors.announcePending();
        if (announced) app.kit.logger.info({ announced }, 'announced instructors not announced before');
      } catch (err) {
        app.kit.logger.error({ err }, 'could not announce earlier instructors; will try at the next start');
      }
    });
  },
  { name: 'instructors', dependencies: ['catalog-cache'] },
);
