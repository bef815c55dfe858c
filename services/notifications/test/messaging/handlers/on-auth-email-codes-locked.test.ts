import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { EmailCodesLocked } from '@rian/proto-contracts/auth';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { AuthBus, TestSmtpServer } from '../../helpers.js';

/** auth locked an address's codes (issue 11 §2) → the owner gets one e-mail per lock, in Thai (and English). */
describe('on auth.email.codes-locked, with SMTP', () => {
  let env: TestEnv;
  let smtp: TestSmtpServer;
  let bus: AuthBus;
  let app: ServiceApp;
  let staff: string;

  const lockedEvent = (email: string, locale: 'th' | 'en' | null) =>
    buildEvent(
      EmailCodesLocked,
      {
        email,
        purpose: 'password-reset',
        wrongCodes: 10,
        windowSeconds: 86_400,
        lockedUntil: '2026-11-27T04:30:00.000Z',
        locale,
      },
      { source: 'auth' },
    );
  const deliveriesTo = async (to: string): Promise<Delivery[]> => {
    const res = await app.inject({
      method: 'GET',
      url: `/deliveries?to=${encodeURIComponent(to)}`,
      headers: { authorization: `Bearer ${staff}` },
    });
    return res.json<{ items: Delivery[] }>().items;
  };

  beforeAll(async () => {
    env = await createTestEnv();
    smtp = new TestSmtpServer(await freePort());
    await smtp.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff');
    app = await buildApp(readConfig(env.envFor('notifications', { SMTP_URL: smtp.url })), {
      tokenKeys: issuer.keys,
    });
    await app.ready();
    bus = await AuthBus.open(env);
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await smtp?.stop();
    await env?.cleanup();
  });

  it('the owner gets the Thai notice: 10 wrong codes in 24 h, locked until 27 พ.ย. 2569 11:30 (Bangkok), password unchanged', async () => {
    await bus.publish(lockedEvent('owner@example.com', null));
    const [got] = await eventually(
      () => smtp.mailsTo('owner@example.com').length > 0 && smtp.mailsTo('owner@example.com'),
    );
    expect(got!.mail.subject).toBe('แจ้งเตือนความปลอดภัย: มีการกรอกรหัสยืนยันผิดหลายครั้ง');
    expect(got!.mail.text).toContain('ผิด 10 ครั้งภายใน 24 ชั่วโมง');
    expect(got!.mail.text).toContain('27 พ.ย. 2569 11:30');
    expect(got!.mail.text).toContain('รหัสผ่านของคุณยังไม่ถูกเปลี่ยน');
    expect(got!.mail.text).not.toContain('Security notice');
    const [d] = await eventually(async () => {
      const items = await deliveriesTo('owner@example.com');
      return items[0]?.status === 'sent' && items;
    });
    expect(d).toMatchObject({ template: 'auth.email-codes-locked', locale: 'th' });
  });

  it('an owner known to read English gets Thai and English in one e-mail', async () => {
    await bus.publish(lockedEvent('reader@example.com', 'en'));
    const [got] = await eventually(
      () => smtp.mailsTo('reader@example.com').length > 0 && smtp.mailsTo('reader@example.com'),
    );
    expect(got!.mail.subject).toBe(
      'แจ้งเตือนความปลอดภัย: มีการกรอกรหัสยืนยันผิดหลายครั้ง / Security notice: too many wrong confirmation codes',
    );
    expect(got!.mail.text).toContain('ผิด 10 ครั้ง');
    expect(got!.mail.text).toContain('10 times within 24 hours');
    expect(got!.mail.text).toContain('27 Nov 2026, 11:30 (Bangkok time)');
  });

  it('the same event delivered twice records one delivery (idempotent by event id)', async () => {
    const event = lockedEvent('twice.locked@example.com', null);
    await bus.publish(event);
    const secondSeq = await bus.publish(event, `${event.id}-again`);
    await eventually(async () => (await bus.ackedUpTo(EmailCodesLocked.type)) >= secondSeq);
    const items = await deliveriesTo('twice.locked@example.com');
    expect(items).toHaveLength(1);
    expect(items[0]!.eventId).toBe(event.id);
  });
});
