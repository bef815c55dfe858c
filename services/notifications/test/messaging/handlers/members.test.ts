import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { UserLocaleChanged, UserRegistered } from '@rian/proto-contracts/auth';
import { GroupRequestApproved } from '@rian/proto-contracts/learning-groups';
import { OrderPaid } from '@rian/proto-contracts/orders';
import { PaymentRejected } from '@rian/proto-contracts/payments';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { FakeChatServer, TestSmtpServer } from '../../helpers.js';

const LINE_TOKEN = 'line-channel-token';
const TELEGRAM_TOKEN = '123456:telegram-bot-token';

const registered = (
  data: Partial<EventData<typeof UserRegistered>> & { userId: string; email: string; memberCode: string },
) =>
  buildEvent(
    UserRegistered,
    {
      firstName: 'Somchai',
      lastName: 'Jaidee',
      nickname: 'Chai',
      phone: '0812345678',
      status: 'New',
      registeredAt: '2026-11-26T14:05:00.000Z',
      ...data,
    },
    { source: 'auth' },
  );

const orderPaid = (userId: string, reference: string) =>
  buildEvent(
    OrderPaid,
    {
      orderId: uuidv7(),
      orderNo: 7,
      productId: uuidv7(),
      courseIds: [],
      net: 150_050,
      paymentType: 1,
      paidAt: '2026-04-15T05:00:00.000Z',
      period: null,
      userId,
      reference,
    },
    { source: 'orders' },
  );

const rejected = (userId: string, reference: string) =>
  buildEvent(
    PaymentRejected,
    {
      slipId: uuidv7(),
      attemptId: uuidv7(),
      orderId: uuidv7(),
      orderNo: 12,
      reference,
      userId,
      period: null,
      amount: 150_050,
      note: 'blurred slip',
      rejectedBy: 'staff-1',
      rejectedAt: '2026-04-15T06:00:00.000Z',
    },
    { source: 'payments' },
  );

const approved = (userId: string, courseTitle: string) =>
  buildEvent(
    GroupRequestApproved,
    {
      id: uuidv7(),
      userId,
      groupId: uuidv7(),
      groupType: 'line',
      groupName: 'Forex Basics — LINE',
      groupUrl: 'https://line.me/R/ti/g/fx',
      courseId: uuidv7(),
      courseTitle,
      code: 'FX01-001',
      note: null,
      approvedBy: 'staff-1',
      approvedAt: '2026-11-26T04:00:00.000Z',
    },
    { source: 'learning' },
  );

async function startApp(env: TestEnv, issuer: TestTokenIssuer, extra: Record<string, string>) {
  const app = await buildApp(
    readConfig(env.envFor('notifications', { SITE_URL: 'https://rian.example', ...extra })),
    { tokenKeys: issuer.keys },
  );
  await app.ready();
  return app;
}

describe('a new member → staff chat, and member e-mails in the member language', () => {
  let env: TestEnv;
  let smtp: TestSmtpServer;
  let chat: FakeChatServer;
  let app: ServiceApp;
  let staff: string;
  let auth: TestBus;
  let orders: TestBus;
  let payments: TestBus;
  let learning: TestBus;

  const forEvent = async (eventId: string): Promise<Delivery[]> => {
    const res = await app.inject({
      method: 'GET',
      url: '/deliveries?pageSize=100',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Delivery[] }>().items.filter((d) => d.eventId === eventId);
  };
  const chatFor = (memberCode: string) =>
    chat.requests.filter((r) => JSON.stringify(r.body).includes(memberCode));
  const mailsTo = async (to: string, n: number) =>
    eventually(() => smtp.mailsTo(to).length >= n && smtp.mailsTo(to));

  beforeAll(async () => {
    env = await createTestEnv();
    smtp = new TestSmtpServer(await freePort());
    await smtp.start();
    chat = new FakeChatServer();
    await chat.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    app = await startApp(env, issuer, {
      SMTP_URL: smtp.url,
      LINE_CHANNEL_TOKEN: LINE_TOKEN,
      LINE_TO: 'Cstaffgroup',
      LINE_API_URL: chat.url,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_CHAT_ID: '-1001',
      TELEGRAM_API_URL: chat.url,
    });
    auth = await TestBus.open(env, 'auth');
    orders = await TestBus.open(env, 'orders');
    payments = await TestBus.open(env, 'payments');
    learning = await TestBus.open(env, 'learning');
  });

  afterAll(async () => {
    await app?.close();
    for (const bus of [auth, orders, payments, learning]) await bus?.close();
    await smtp?.stop();
    await chat?.stop();
    await env?.cleanup();
  });

  it('tells staff of a new member once on LINE and Telegram, with the member code and a short name only', async () => {
    const event = registered({ userId: uuidv7(), email: 'somchai@example.com', memberCode: 'M0420' });
    await auth.deliver(event, 'notifications');
    await auth.deliver(event, 'notifications', `${event.id}-again`);
    const logged = await eventually(async () => {
      const rows = await forEvent(event.id);
      return rows.length === 2 && rows.every((d) => d.status === 'sent') && rows;
    });
    expect(logged.map((d) => `${d.channel} ${d.template}`).sort()).toEqual([
      'line staff-chat.member-registered.line',
      'telegram staff-chat.member-registered.telegram',
    ]);
    // both rows are sent: the pushes have arrived, and a redelivery added none
    const pushes = chatFor('M0420');
    expect(pushes).toHaveLength(2);
    const text = 'สมาชิกใหม่\nรหัสสมาชิก M0420\nSomchai J. (Chai)\nลงทะเบียน 26/11/2026 21:05';
    expect(pushes.find((r) => r.path === '/v2/bot/message/push')?.body).toEqual({
      to: 'Cstaffgroup',
      messages: [{ type: 'text', text }],
    });
    expect(pushes.find((r) => r.path === `/bot${TELEGRAM_TOKEN}/sendMessage`)?.body).toEqual({
      chat_id: '-1001',
      text,
    });
    expect(JSON.stringify(pushes)).not.toContain('somchai@example.com');
    expect(JSON.stringify(pushes)).not.toContain('0812345678');
    expect(JSON.stringify(pushes)).not.toContain('Jaidee');
  });

  it('writes every member e-mail in English to a member who registered in English, and in Thai to a Thai one', async () => {
    const en = uuidv7();
    const th = uuidv7();
    await auth.deliver(
      registered({ userId: en, email: 'en@example.com', memberCode: 'M0501', locale: 'en' }),
      'notifications',
    );
    await auth.deliver(
      registered({ userId: th, email: 'th@example.com', memberCode: 'M0502', locale: 'th' }),
      'notifications',
    );
    await eventually(() => chatFor('M0501').length >= 2 && chatFor('M0502').length >= 2);

    for (const [userId, ref] of [
      [en, 'RIAN-E1'],
      [th, 'RIAN-T1'],
    ] as const) {
      await orders.deliver(orderPaid(userId, ref), 'notifications');
      await payments.deliver(rejected(userId, ref), 'notifications');
      await learning.deliver(approved(userId, 'Forex Basics'), 'notifications');
    }

    const english = (await mailsTo('en@example.com', 3)).map((m) => m.mail.subject).sort();
    expect(english).toEqual([
      'You have joined the LINE group of Forex Basics - Rian',
      'Your Rian order RIAN-E1 is confirmed',
      'Your payment slip for order RIAN-E1 was not accepted',
    ]);
    const thai = (await mailsTo('th@example.com', 3)).map((m) => m.mail.subject).sort();
    expect(thai).toEqual([
      'ยืนยันการเข้ากลุ่ม LINE คอร์ส Forex Basics - Rian',
      'ยืนยันคำสั่งซื้อ RIAN-T1 - Rian',
      'สลิปการโอนเงินของคำสั่งซื้อ RIAN-T1 ไม่ผ่านการตรวจสอบ - Rian',
    ]);
  });

  it('switches a member to English when they change the language, and ignores an older change arriving late', async () => {
    const userId = uuidv7();
    await auth.deliver(
      registered({ userId, email: 'switch@example.com', memberCode: 'M0601' }),
      'notifications',
    );
    await eventually(() => chatFor('M0601').length >= 2);
    const change = (locale: 'th' | 'en', changedAt: string) =>
      buildEvent(UserLocaleChanged, { userId, locale, changedAt }, { source: 'auth' });
    await auth.deliver(change('en', '2026-11-26T10:00:00.000Z'), 'notifications');
    await auth.deliver(change('th', '2026-11-26T09:00:00.000Z'), 'notifications'); // older, late
    await orders.deliver(orderPaid(userId, 'RIAN-S1'), 'notifications');
    const [mail] = await mailsTo('switch@example.com', 1);
    expect(mail!.mail.subject).toBe('Your Rian order RIAN-S1 is confirmed');
  });
});

describe('a new member with no staff chat configured', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let staff: string;
  let auth: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    app = await startApp(env, issuer, {});
    auth = await TestBus.open(env, 'auth');
  });

  afterAll(async () => {
    await app?.close();
    await auth?.close();
    await env?.cleanup();
  });

  it('keeps the message in the delivery log as skipped', async () => {
    const event = registered({ userId: uuidv7(), email: 'quiet@example.com', memberCode: 'M0701' });
    await auth.deliver(event, 'notifications');
    const [row] = await eventually(async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/deliveries?status=skipped&pageSize=100',
        headers: { authorization: `Bearer ${staff}` },
      });
      const items = res.json<{ items: Delivery[] }>().items.filter((d) => d.eventId === event.id);
      return items.length > 0 && items;
    });
    expect(row).toMatchObject({
      status: 'skipped',
      error: 'no token',
      template: 'staff-chat.member-registered.line',
      attempts: 0,
    });
    expect(row!.text).toContain('รหัสสมาชิก M0701');
  });
});
