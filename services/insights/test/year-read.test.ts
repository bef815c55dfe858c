import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { bearer, startInsights } from './helpers.js';

/**
 * A year of synthetic day rows (as the consumers leave them: one row per Bangkok day, 5 payment
 * types and 40 products a day) read back as one dashboard: the sums are the closed forms below, and
 * the read's time is printed beside the load average (bench note for D116).
 */
describe('a dashboard read over a year of per-day rows', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let issuer: TestTokenIssuer;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startInsights(env, issuer);
    const db = app.kit.orm.em.fork().getConnection();
    // day i (0..364 from 2025-01-01): i+1 orders, 1,000.00 THB gross each, 100.00 off each
    await db.execute(`insert into sales_days (day, orders, gross, discounts, net, coupons_used)
      select date '2025-01-01' + i, i + 1, (i + 1) * 100000, (i + 1) * 10000, (i + 1) * 90000, 1
      from generate_series(0, 364) as i`);
    await db.execute(`insert into sales_payment_days (day, payment_type, orders, net)
      select date '2025-01-01' + i, t::text, 1, 1000 from generate_series(0, 364) i, generate_series(1, 5) t`);
    await db.execute(`insert into sales_product_days (day, product_id, orders, net)
      select date '2025-01-01' + i, ('00000000-0000-7000-8000-' || lpad(p::text, 12, '0'))::uuid, 1, p
      from generate_series(0, 364) i, generate_series(1, 40) p`);
  });
  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  it('sums 365 days into 12 months with the expected totals', async () => {
    const token = await issuer.staff('staff');
    const read = () =>
      app.inject({
        method: 'GET',
        url: '/admin/dashboard?from=2025-01-01&to=2025-12-31&bucket=month',
        headers: bearer(token),
      });
    await read(); // warm
    const started = performance.now();
    const res = await read();
    const ms = performance.now() - started;
    const body = res.json();
    // orders: 1 + 2 + … + 365 = 365·366/2 = 66,795
    expect(body.sales.total).toEqual({
      orders: 66_795,
      gross: 66_795 * 100_000,
      discounts: 66_795 * 10_000,
      net: 66_795 * 90_000,
    });
    expect(body.couponsUsed).toBe(365);
    expect(body.sales.series).toHaveLength(12);
    // January: days 0..30 → 1 + … + 31 = 496 orders
    expect(body.sales.series[0]).toMatchObject({ bucket: '2025-01-01', orders: 496 });
    expect(body.sales.byPaymentType).toHaveLength(5);
    expect(body.sales.byPaymentType[0]).toMatchObject({ orders: 365, net: 365_000 });
    // the top product: product 40, 365 days × 40 satang
    expect(body.sales.byProduct[0]).toMatchObject({ orders: 365, net: 365 * 40 });
    const { readFileSync } = await import('node:fs');
    process.stdout.write(
      `year read: ${ms.toFixed(1)} ms; loadavg ${readFileSync('/proc/loadavg', 'utf8').trim()}\n`,
    );
  });
});
