import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { DEMO_BOOKING_KEY } from '@rian/proto-contracts/demo';
import { DEMO_PRODUCTS } from '@rian/catalog/domain/demo-products';
import { bookingBody, productChanged, startBookings } from '../helpers.js';

/** BOOKINGS_SEED_DEMO: RIAN-DEMO-2027 for catalog's demo workshop, once the product is heard of. */
describe('the demo booking key', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let bus: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    app = await startBookings(env, await TestTokenIssuer.create(), { env: { BOOKINGS_SEED_DEMO: 'true' } });
    bus = await TestBus.open(env, 'catalog');
  });
  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await env?.cleanup();
  });

  it("names a product catalog's demo really has, a workshop with a book", () => {
    expect(DEMO_PRODUCTS.find((p) => p.url === DEMO_BOOKING_KEY.productUrl)).toMatchObject({
      format: 'offline',
      book: 'Y',
    });
  });

  it('is made when the workshop arrives (not for another product, not twice), and takes a booking', async () => {
    await bus.deliver(productChanged({ url: 'forex-basics' }), 'bookings');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/bookings/key-check',
          payload: { key: DEMO_BOOKING_KEY.code },
        })
      ).statusCode,
    ).toBe(404);

    const workshop = productChanged({ url: DEMO_BOOKING_KEY.productUrl, title: 'Price Action Mastery' });
    await bus.deliver(workshop, 'bookings');
    await bus.deliver(
      productChanged({
        ...workshop.data,
        title: 'Price Action Mastery 2',
        changedAt: new Date(Date.now() + 1000).toISOString(),
      }),
      'bookings',
    );
    const keys = await app.kit.orm.em
      .fork()
      .getConnection()
      .execute('select booking_limit from booking_keys');
    expect(keys).toEqual([{ booking_limit: DEMO_BOOKING_KEY.limit }]);

    const checked = await app.inject({
      method: 'POST',
      url: '/bookings/key-check',
      payload: { key: 'rian-demo-2027' },
    });
    expect(checked.json()).toMatchObject({
      result: 'success',
      product: { id: workshop.data.productId, title: 'Price Action Mastery 2' },
    });
    const booked = await app.inject({
      method: 'POST',
      url: '/bookings',
      payload: bookingBody('RIAN-DEMO-2027', 'newcomer@example.com'),
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });
});
