import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { UserRegistered } from '@rian/proto-contracts/auth';
import { PasswordChanged } from '@rian/proto-contracts/auth-password';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { TestSmtpServer } from '../../helpers.js';

const registered = (userId: string, email: string, locale: 'th' | 'en') =>
  buildEvent(
    UserRegistered,
    {
      userId,
      email,
      firstName: 'Somchai',
      lastName: 'Jaidee',
      nickname: null,
      phone: '0812345678',
      status: 'New',
      memberCode: 'M0002',
      registeredAt: '2026-04-01T00:00:00.000Z',
      locale,
    },
    { source: 'auth' },
  );

// 14:05Z is 21:05 in Bangkok, 26 November 2026 (พ.ศ. 2569)
const changed = (userId: string) =>
  buildEvent(PasswordChanged, { userId, changedAt: '2026-11-26T14:05:00.000Z' }, { source: 'auth' });

/** auth.password.changed → the owner's "your password was changed" notice (spec ChangePass), once, in their language. */
describe('password changed notice', () => {
  let env: TestEnv;
  let smtp: TestSmtpServer;
  let app: ServiceApp;
  let staff: string;
  let auth: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    smtp = new TestSmtpServer(await freePort());
    await smtp.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    auth = await TestBus.open(env, 'auth');
    app = await buildApp(
      readConfig(env.envFor('notifications', { SITE_URL: 'https://rian.example/', SMTP_URL: smtp.url })),
      { tokenKeys: issuer.keys },
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await auth?.close();
    await smtp?.stop();
    await env?.cleanup();
  });

  const forEvent = async (eventId: string): Promise<Delivery[]> => {
    const res = await app.inject({
      method: 'GET',
      url: `/deliveries?pageSize=100&template=auth.password-changed`,
      headers: { authorization: `Bearer ${staff}` },
    });
    return res.json<{ items: Delivery[] }>().items.filter((d) => d.eventId === eventId);
  };

  const sentFor = (eventId: string) =>
    eventually(async () => {
      const rows = await forEvent(eventId);
      return rows.length > 0 && rows.every((d) => d.status === 'sent') && rows;
    });

  it('tells a Thai member once, though the event arrives twice', async () => {
    const userId = uuidv7();
    await auth.deliver(registered(userId, 'thai-owner@example.com', 'th'), 'notifications');
    const event = changed(userId);
    await auth.deliver(event, 'notifications');
    await auth.deliver(event, 'notifications', `${event.id}-again`);
    const rows = await sentFor(event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', to: 'thai-owner@example.com' });
    const mails = smtp.mailsTo('thai-owner@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.subject).toBe('รหัสผ่านบัญชี Rian (เรียน) ของคุณถูกเปลี่ยนแล้ว');
    expect(mails[0]!.mail.text).toContain('26 พ.ย. 2569 21:05 น. (เวลาประเทศไทย)');
    expect(mails[0]!.mail.text).toContain('https://rian.example/login');
  });

  it('tells an English member in English', async () => {
    const userId = uuidv7();
    await auth.deliver(registered(userId, 'en-owner@example.com', 'en'), 'notifications');
    const event = changed(userId);
    await auth.deliver(event, 'notifications');
    await sentFor(event.id);
    const [mail] = smtp.mailsTo('en-owner@example.com');
    expect(mail!.mail.subject).toBe('Your Rian password was changed');
    expect(mail!.mail.text).toContain('changed on 26 Nov 2026, 21:05 (Bangkok time)');
    expect(mail!.mail.html).toContain('<a href="https://rian.example/login">');
  });

  it('an unknown member: nothing sent or logged', async () => {
    const event = changed(uuidv7());
    await auth.deliver(event, 'notifications');
    // the consumer has handled it when a later event for a known member is logged
    const userId = uuidv7();
    await auth.deliver(registered(userId, 'later@example.com', 'th'), 'notifications');
    const after = changed(userId);
    await auth.deliver(after, 'notifications');
    await sentFor(after.id);
    expect(await forEvent(event.id)).toEqual([]);
  });
});
