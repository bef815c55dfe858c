import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { emailCodeEmail } from '../../../src/domain/templates.js';
import { enqueueDelivery } from '../../../src/plugins/app/delivery-log.js';
import { AuthBus, emailCodeEvent } from '../../helpers.js';

type DeliveryPage = { items: Delivery[]; page: number; pageSize: number; total: number };

/** Without SMTP_URL: e-mails are kept in the delivery log, which staff (and only staff) can read. */
describe('GET /deliveries, without SMTP', () => {
  let env: TestEnv;
  let bus: AuthBus;
  let app: ServiceApp;
  let staff: string;
  let member: string;

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** Records a delivery as the event handler would, straight into the log. */
  const record = (to: string, template: string, eventId: string = uuidv7()) =>
    app.kit.orm.em.fork().transactional((em) =>
      enqueueDelivery(em, {
        channel: 'email',
        to,
        template,
        locale: 'th',
        message: emailCodeEmail({ code: '1111', purpose: 'register', locale: 'th', expiresInSeconds: 600 }),
        eventId,
      }),
    );

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff');
    member = await issuer.member();
    app = await buildApp(readConfig(env.envFor('notifications')), { tokenKeys: issuer.keys });
    await app.ready();
    bus = await AuthBus.open(env);
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  it('keeps the e-mail as `logged`, readable by staff with the code in its text', async () => {
    const event = emailCodeEvent({
      email: 'Malee.K@Example.com',
      code: '5902',
      locale: 'en',
      purpose: 'password-reset',
    });
    await bus.publish(event);

    const page = await eventually(async () => {
      const res = await get('/deliveries?to=malee.k@example.com', staff);
      const body = res.json<DeliveryPage>();
      return body.items[0]?.status === 'logged' && body;
    });
    expect(page.total).toBe(1);
    const d = page.items[0]!;
    expect(d).toMatchObject({
      channel: 'email',
      to: 'Malee.K@Example.com',
      template: 'auth.email-code.password-reset',
      locale: 'en',
      subject: 'Your Rian password reset code',
      status: 'logged',
      attempts: 0,
      error: null,
      eventId: event.id,
      sentAt: null,
    });
    expect(d.text).toContain('5902');

    const one = await get(`/deliveries/${d.id}`, staff);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(d);
  });

  it('records one delivery per event and template, however often it is asked', async () => {
    const eventId = uuidv7();
    expect(await record('once@example.com', 'auth.email-code.register', eventId)).toBe(true);
    expect(await record('once@example.com', 'auth.email-code.register', eventId)).toBe(false);
    // another template for the same event is another message
    expect(await record('once@example.com', 'auth.email-code.password-reset', eventId)).toBe(true);
    const body = (await get('/deliveries?to=once@example.com&pageSize=100', staff)).json<DeliveryPage>();
    expect(body.items.map((i) => i.template).sort()).toEqual([
      'auth.email-code.password-reset',
      'auth.email-code.register',
    ]);
  });

  it('lists newest first, a page at a time, filtered by exact address, template and status', async () => {
    for (const n of [1, 2, 3]) await record(`page@example.com`, `test.page-${n}`);
    await record('page@example.com.other', 'test.page-x');

    const first = (await get('/deliveries?to=PAGE@example.com&pageSize=2', staff)).json<DeliveryPage>();
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.items.map((i) => i.template)).toEqual(['test.page-3', 'test.page-2']);
    const second = (
      await get('/deliveries?to=page@example.com&pageSize=2&page=2', staff)
    ).json<DeliveryPage>();
    expect(second.items.map((i) => i.template)).toEqual(['test.page-1']);

    const byTemplate = (await get('/deliveries?template=test.page-2', staff)).json<DeliveryPage>();
    expect(byTemplate.total).toBe(1);
    expect(byTemplate.items[0]!.to).toBe('page@example.com');

    await eventually(
      async () => (await get('/deliveries?status=pending', staff)).json<DeliveryPage>().total === 0,
    );
    const logged = (await get('/deliveries?status=logged&to=page@example.com', staff)).json<DeliveryPage>();
    expect(logged.total).toBe(3);
    expect((await get('/deliveries?status=failed', staff)).json<DeliveryPage>().total).toBe(0);
  });

  it('answers 401 to anonymous callers and 403 to members, with problem+json', async () => {
    for (const url of ['/deliveries', `/deliveries/${uuidv7()}`]) {
      const anon = await get(url);
      expect(anon.statusCode).toBe(401);
      expect(anon.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(anon.json()).toMatchObject({ status: 401, code: 'auth.unauthenticated' });

      const asMember = await get(url, member);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(asMember.json()).toMatchObject({ status: 403, code: 'auth.forbidden' });
    }
    expect((await get('/deliveries', staff)).statusCode).toBe(200);
  });

  it('rejects a bad query with a 400 problem naming the field', async () => {
    const cases: [string, string][] = [
      ['/deliveries?pageSize=1000', 'pageSize'],
      ['/deliveries?pageSize=0', 'pageSize'],
      ['/deliveries?page=0', 'page'],
      ['/deliveries?page=abc', 'page'],
      ['/deliveries?status=bounced', 'status'],
      [`/deliveries?to=${'a'.repeat(255)}`, 'to'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url, staff);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = res.json<{ code: string; errors: { field: string }[] }>();
      expect(body.code).toBe('validation.failed');
      expect(body.errors.map((e) => e.field)).toContain(field);
    }
  });

  it('answers 404 for an unknown delivery and 400 for an id that is not a uuid', async () => {
    const missing = await get(`/deliveries/${randomUUID()}`, staff);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'notifications.delivery_not_found' });

    const bad = await get('/deliveries/not-a-uuid', staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation.failed', errors: [{ field: 'id' }] });
  });
});
