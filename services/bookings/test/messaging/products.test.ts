import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { ProductDeleted } from '@rian/proto-contracts/catalog';
import { productChanged, startBookings } from '../helpers.js';

/** Catalog's products as bookings keeps them: newest changedAt wins, deletion sticks, replays change nothing. */
describe("bookings' read model of catalog's products", () => {
  let env: TestEnv;
  let app: ServiceApp;
  let bus: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    app = await startBookings(env, await TestTokenIssuer.create());
    bus = await TestBus.open(env, 'catalog');
  });
  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await env?.cleanup();
  });

  const row = async (id: string) =>
    (
      (await app.kit.orm.em
        .fork()
        .getConnection()
        .execute('select title, book, courses_id, disable, deleted from products where product_id = ?', [
          id,
        ])) as { title: string; book: string; courses_id: string | null; disable: string; deleted: boolean }[]
    )[0];

  it('keeps id, title, book, coursesId and disable; an older event never undoes a newer one', async () => {
    const first = productChanged({ title: 'Workshop', book: 'Y', coursesId: '12', changedAt: '2026-11-01T00:00:00.000Z' });
    const id = first.data.productId;
    await bus.deliver(first, 'bookings');
    expect(await row(id)).toEqual({ title: 'Workshop', book: 'Y', courses_id: '12', disable: 'N', deleted: false });

    const older = productChanged({ productId: id, title: 'Old', changedAt: '2026-10-01T00:00:00.000Z' });
    await bus.deliver(older, 'bookings');
    expect((await row(id))?.title).toBe('Workshop');

    const newer = productChanged({ productId: id, title: 'Workshop 2', disable: 'Y', changedAt: '2026-11-02T00:00:00.000Z' });
    await bus.deliver(newer, 'bookings');
    // the same event again (another message id) is skipped by the inbox
    await bus.deliver(newer, 'bookings', `${newer.id}-again`);
    expect(await row(id)).toMatchObject({ title: 'Workshop 2', disable: 'Y' });
  });

  it('a deleted product stays deleted, whatever changed event comes late', async () => {
    const made = productChanged({ changedAt: '2026-11-01T00:00:00.000Z' });
    const id = made.data.productId;
    await bus.deliver(made, 'bookings');
    const gone = buildEvent(
      ProductDeleted,
      { productId: id, url: made.data.url, deletedAt: '2026-11-03T00:00:00.000Z' },
      { source: 'catalog' },
    );
    await bus.deliver(gone, 'bookings');
    await bus.deliver(productChanged({ productId: id, title: 'Back', changedAt: '2026-11-04T00:00:00.000Z' }), 'bookings');
    expect(await row(id)).toMatchObject({ title: made.data.title, deleted: true });
  });
});
