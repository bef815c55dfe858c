import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { AuthBus, emailCodeEvent, TestSmtpServer } from '../../helpers.js';

/** Issue 20: the delivery log searched by recipient and type, and a failed delivery sent again by staff. */
describe('delivery log: search and resend', () => {
  let env: TestEnv;
  let smtp: TestSmtpServer;
  let bus: AuthBus;
  let app: ServiceApp;
  let staff: string;
  let member: string;

  const get = async (query: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/deliveries?${query}`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Delivery[] }>().items;
  };
  const resend = (id: string, token = staff) =>
    app.inject({
      method: 'POST',
      url: `/deliveries/${id}/resend`,
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    env = await createTestEnv();
    smtp = new TestSmtpServer(await freePort());
    await smtp.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    member = await issuer.member();
    app = await buildApp(
      readConfig(
        env.envFor('notifications', {
          SMTP_URL: smtp.url,
          MAIL_MAX_ATTEMPTS: '2',
          MAIL_RETRY_BASE_MS: '100',
        }),
      ),
      { tokenKeys: issuer.keys },
    );
    await app.ready();
    bus = await AuthBus.open(env);
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await smtp?.stop();
    await env?.cleanup();
  });

  it('finds deliveries by recipient (any case) and by type, a whole template name or its family', async () => {
    await bus.publish(emailCodeEvent({ email: 'search@example.com', purpose: 'register' }));
    await bus.publish(emailCodeEvent({ email: 'search@example.com', purpose: 'password-reset' }));
    await eventually(async () => (await get('to=SEARCH%40example.com')).length === 2);
    const reset = await get('to=search%40example.com&template=auth.email-code.password-reset');
    expect(reset.map((d) => d.template)).toEqual(['auth.email-code.password-reset']);
    const family = await get('to=search%40example.com&template=auth.email-code.');
    expect(family.map((d) => d.template).sort()).toEqual([
      'auth.email-code.password-reset',
      'auth.email-code.register',
    ]);
    expect(await get('to=search%40example.com&template=auth.')).toHaveLength(2);
    expect(await get('to=search%40example.com&template=orders.')).toEqual([]);
  });

  it('sends a failed delivery again once when staff ask; anything not failed is 409 and unchanged', async () => {
    await smtp.stop();
    await bus.publish(emailCodeEvent({ email: 'again@example.com' }));
    const failed = await eventually(async () => {
      const [d] = await get('to=again%40example.com');
      return d?.status === 'failed' && d;
      // the second try waits for the SMTP breaker's recovery check (15 s) once the first opened it
    }, 40_000);
    expect(failed.attempts).toBe(2);

    // members may not; an unknown id is 404
    expect((await resend(failed.id, member)).statusCode).toBe(403);
    expect((await resend('0190a0f0-0000-7000-8000-000000000000')).statusCode).toBe(404);

    await smtp.start();
    const res = await resend(failed.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Delivery>()).toMatchObject({
      id: failed.id,
      status: 'pending',
      attempts: 0,
      resentCount: 1,
    });

    // the SMTP breaker opened while the server was down: the resent mail goes with its trial call
    const [mail] = await eventually(
      () => smtp.mailsTo('again@example.com').length > 0 && smtp.mailsTo('again@example.com'),
      25_000,
    );
    expect(mail!.mail.subject).toBe('รหัสยืนยันการลงทะเบียน Rian');
    const sent = await eventually(async () => {
      const [d] = await get('to=again%40example.com');
      return d?.status === 'sent' && d;
    });
    expect(sent).toMatchObject({ attempts: 1, resentCount: 1 });

    // a sent delivery cannot be resent: 409 in Thai by default, nothing changes
    const twice = await resend(failed.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'notifications.delivery_not_failed',
      detail: 'ส่งซ้ำได้เฉพาะรายการที่ส่งไม่สำเร็จ',
    });
    const [after] = await get('to=again%40example.com');
    expect(after).toMatchObject({ status: 'sent', attempts: 1, resentCount: 1 });
    expect(smtp.mailsTo('again@example.com')).toHaveLength(1);
  }, 120_000);
});
