import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstructorChanged, type InstructorStaff } from '@rian/proto-contracts/catalog-content';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { contentWorld, publishedEvent, type ContentWorld } from '../content-helpers.js';
import { startCatalog } from '../helpers.js';

/**
 * Learning keeps a read model of instructors from `catalog.instructor.changed`; an instructor made
 * before learning listened (or older than the stream's retention) is announced once at start.
 */
describe('instructors not announced yet are announced at start, once', () => {
  let w: ContentWorld;

  beforeAll(async () => {
    w = await contentWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  /** `catalog.instructor.changed` rows written for this instructor so far. */
  const announcements = async (id: string) =>
    (
      (await w.sql(
        `select count(*)::int as n from kit_outbox where type = ? and envelope->'data'->>'id' = ?`,
        [InstructorChanged.type, id],
      )) as { n: number }[]
    )[0]!.n;

  it('an instructor row written without its event reaches the stream after a start, and only once', async () => {
    // as the instructors table held it before announced_at: never announced
    const old = uuidv7();
    await w.sql(
      `insert into instructors (id, name, item, hide, featured_months, created_at, updated_at, announced_at)
         values (?, 'อาจารย์รุ่นแรก', 2, 'N', '{2026-01}', now(), now(), null)`,
      [old],
    );
    // one made through staff's create is announced by its write, not again at start
    const res = await w.call('POST', '/admin/instructors', { headers: w.staff, payload: { name: 'ใหม่' } });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<InstructorStaff>();

    const second = await startCatalog(w.env, w.issuer);
    try {
      const event = await publishedEvent<InstructorStaff>(w, InstructorChanged, (d) => d.id === old);
      expect(event.data).toMatchObject({
        id: old,
        name: 'อาจารย์รุ่นแรก',
        item: 2,
        hide: 'N',
        featuredMonths: ['2026-01'],
      });
      // a third start (ready: its announcing pass is done) writes nothing more for either
      const third = await startCatalog(w.env, w.issuer);
      await third.close();
      expect(await announcements(old)).toBe(1);
      expect(await announcements(made.id)).toBe(1);
    } finally {
      await second.close();
    }
  });
});
