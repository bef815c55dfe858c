import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachStaff, InstructorsOfMonth } from '@rian/proto-contracts/catalog-content';
import { contentWorld, expectProblem, type ContentWorld } from '../content-helpers.js';

/**
 * The shop's content reads go through the catalog's read cache (plugins/app/cache.ts). A change
 * written behind the service's back (plain SQL) shows whether an answer came from the cache; a
 * change through the API must show at once.
 */
describe('content reads are cached and invalidated by every change', () => {
  let w: ContentWorld;

  beforeAll(async () => {
    w = await contentWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  const coach = async (name: string) =>
    (await w.call('POST', '/admin/coaches', { headers: w.staff, payload: { name } })).json<CoachStaff>();

  it('answers a repeated read from the cache, and the next read after a staff change from the database', async () => {
    const c = await coach('Before');
    expect((await w.call('GET', `/coaches/${c.id}`)).json()).toMatchObject({ name: 'Before' });
    await w.sql('update coaches set name = ? where id = ?', ['Behind the back', c.id]);
    expect((await w.call('GET', `/coaches/${c.id}`)).json()).toMatchObject({ name: 'Before' });

    await w.call('PUT', `/admin/coaches/${c.id}`, { headers: w.staff, payload: { nickname: 'n' } });
    expect((await w.call('GET', `/coaches/${c.id}`)).json()).toMatchObject({
      name: 'Behind the back',
      nickname: 'n',
    });
  });

  it('is invalidated by any catalog change: a product disabled by staff hides its coaches at once', async () => {
    const c = await coach('Product coach');
    const p = await w.product();
    await w.call('POST', '/admin/product-coaches', {
      headers: w.staff,
      payload: { productId: p.id, coachId: c.id },
    });
    expect((await w.call('GET', `/products/${p.id}/coaches`)).statusCode).toBe(200);
    await w.call('PUT', `/admin/products/${p.id}`, { headers: w.staff, payload: { disable: 'Y' } });
    expectProblem(await w.call('GET', `/products/${p.id}/coaches`), 404, 'catalog.product_not_found');
  });

  it('keeps no "not found": a coach that appears is found on the next read', async () => {
    const id = crypto.randomUUID();
    expectProblem(await w.call('GET', `/coaches/${id}`), 404, 'catalog.coach_not_found');
    await w.sql(`insert into coaches (id, name) values (?, 'Late arrival')`, [id]);
    expect((await w.call('GET', `/coaches/${id}`)).json()).toMatchObject({ name: 'Late arrival' });
  });

  it('caches each month of the instructors of the month under its own key', async () => {
    await w.call('POST', '/admin/instructors', {
      headers: w.staff,
      payload: { name: 'Featured', featuredMonths: ['2028-05'] },
    });
    const may = (
      await w.call('GET', '/instructors/of-month', { query: { month: '2028-05' } })
    ).json<InstructorsOfMonth>();
    const june = (
      await w.call('GET', '/instructors/of-month', { query: { month: '2028-06' } })
    ).json<InstructorsOfMonth>();
    expect(may.items.map((i) => i.name)).toEqual(['Featured']);
    expect(june.items).toEqual([]);
  });

  describe('with the cache turned off (CATALOG_CACHE_TTL_SECONDS=0)', () => {
    let off: ContentWorld;
    beforeAll(async () => {
      off = await contentWorld({ env: { CATALOG_CACHE_TTL_SECONDS: '0' } });
    });
    afterAll(async () => {
      await off?.close();
    });

    it('reads the database every time', async () => {
      const c = (
        await off.call('POST', '/admin/coaches', { headers: off.staff, payload: { name: 'Before' } })
      ).json<CoachStaff>();
      expect((await off.call('GET', `/coaches/${c.id}`)).json()).toMatchObject({ name: 'Before' });
      await off.sql('update coaches set name = ? where id = ?', ['Behind the back', c.id]);
      expect((await off.call('GET', `/coaches/${c.id}`)).json()).toMatchObject({ name: 'Behind the back' });
    });
  });
});
