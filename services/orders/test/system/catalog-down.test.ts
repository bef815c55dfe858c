import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
// test-only: the real catalog emits the events (orders' src never imports catalog)
import { buildApp as buildCatalog } from '@rian/catalog/app';
import { readConfig as catalogConfig } from '@rian/catalog/config';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import type { InstallmentPlanStaff, PriceStaff } from '@rian/proto-contracts/catalog-commerce';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { CourseChanged } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { startOrders } from '../helpers.js';

/**
 * ARCHITECTURE §3: checkout must not depend on catalog being up. Staff set up a product in the
 * real catalog; its outbox publishes the events; orders keeps them. Then catalog is closed — and
 * orders still answers, also after orders itself restarts.
 */
describe('the read model answers with catalog closed', () => {
  let env: TestEnv;
  let catalog: ServiceApp | undefined;
  let orders: ServiceApp | undefined;
  let productId: string;
  let priceId: string;
  let planId: string;
  const DAY = '2026-04-15';
  // learning's courses: catalog only links courses it heard of from learning
  const courses = [uuidv7(), uuidv7()];

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    catalog = await buildCatalog(catalogConfig(env.envFor('catalog', { PORT: '0' })), {
      tokenKeys: issuer.keys,
    });
    await catalog.ready();
    const staff = { authorization: `Bearer ${await issuer.staff('staff')}` };
    const post = async <T>(url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
      const res = await catalog!.inject({ method, url, headers: staff, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json<T>();
    };

    const product = await post<ProductStaff>('/admin/products', {
      url: `gold-${Date.now().toString(36)}`,
      title: 'คอร์สเทรดทองคำ',
      price: 150_000,
      book: 'Y',
    });
    productId = product.id;
    const price = await post<PriceStaff>(`/admin/products/${productId}/prices`, {
      type: 'EB',
      member: 'SPTR',
      value: 135_000,
      title: 'Early Bird สมาชิก',
      start: '2026-04-01',
      to: '2026-04-20',
      fee: 'Y',
    });
    priceId = price.id;
    // a second revision: the read model must end on it
    await post(`/admin/products/${productId}/prices/${priceId}`, { value: 129_000 }, 'PUT');
    const plan = await post<InstallmentPlanStaff>('/admin/installment-plans', {
      productId,
      name: 'ผ่อน 2 เดือน',
      type: 'email',
      count: 2,
      start: '2026-04-01',
      to: '2026-04-30',
    });
    planId = plan.id;
    await post(`/admin/installment-plans/${planId}/emails`, { emails: ['Malee@Example.com'] });
    const learning = await TestBus.open(env, 'learning');
    for (const [i, courseId] of courses.entries()) {
      const course = buildEvent(
        CourseChanged,
        { courseId, title: `Gold ${i}01`, code: null, status: 'open', changedAt: new Date().toISOString() },
        { source: 'learning' },
      );
      await learning.deliver(course, 'catalog');
    }
    await learning.close();
    await post(`/admin/products/${productId}/courses`, { courseIds: courses }, 'PUT');

    orders = await startOrders(env);
    const model = orders.catalogReadModel;
    await eventually(
      async () =>
        (await model.priceFor(productId, priceId, ['SPTR'], DAY))?.price.value === 129_000 &&
        (await model.plansOpenTo(productId, 'malee@example.com', DAY)).length === 1 &&
        (await model.courseIds(productId)).length === 2,
      20_000,
    );
    await catalog.close();
    catalog = undefined;
  });

  afterAll(async () => {
    await catalog?.close();
    await orders?.close();
    await env?.cleanup();
  });

  const expectAnswers = async (app: ServiceApp) => {
    const model = app.catalogReadModel;
    expect(await model.priceFor(productId, priceId, ['SPTR'], DAY)).toMatchObject({
      product: { productId, title: 'คอร์สเทรดทองคำ', book: 'Y', coinPay: 'N' },
      price: { priceId, type: 'EB', member: 'SPTR', value: 129_000, fee: 'Y' },
    });
    expect(await model.priceFor(productId, priceId, ['NL'], DAY)).toBeUndefined();
    expect(
      (await model.plansOpenTo(productId, 'malee@example.com', DAY)).map((p) => [p.planId, p.count]),
    ).toEqual([[planId, 2]]);
    expect(await model.plansOpenTo(productId, 'somchai@example.com', DAY)).toEqual([]);
    expect(await model.courseIds(productId)).toEqual(courses);
  };

  it('after catalog is closed, orders answers price, plans and courses from its own tables', async () => {
    await expectAnswers(orders!);
  });

  it('and still does after orders restarts while catalog stays down', async () => {
    await orders!.close();
    orders = await startOrders(env);
    await expectAnswers(orders);
  });
});
