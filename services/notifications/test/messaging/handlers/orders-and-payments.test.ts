import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { UserRegistered } from '@rian/proto-contracts/auth';
import { OrderPaid } from '@rian/proto-contracts/orders';
import { PaymentRejected, SlipSubmitted } from '@rian/proto-contracts/payments';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { FakeChatServer, TestSmtpServer } from '../../helpers.js';

const LINE_TOKEN = 'line-channel-token';
const TELEGRAM_TOKEN = '123456:telegram-bot-token';

const slipBase = (userId: string, reference: string) => ({
  slipId: uuidv7(),
  attemptId: uuidv7(),
  orderId: uuidv7(),
  orderNo: 12,
  reference,
  userId,
  period: null,
  amount: 150_050,
});

const orderPaid = (data: Partial<EventData<typeof OrderPaid>> & { userId: string; reference: string }) =>
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
      ...data,
    },
    { source: 'orders' },
  );

const registered = (userId: string, email: string) =>
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
      memberCode: 'M0001',
      registeredAt: '2026-04-01T00:00:00.000Z',
    },
    { source: 'auth' },
  );

async function startApp(env: TestEnv, issuer: TestTokenIssuer, extra: Record<string, string>) {
  const app = await buildApp(
    readConfig(env.envFor('notifications', { SITE_URL: 'https://rian.example', ...extra })),
    { tokenKeys: issuer.keys },
  );
  await app.ready();
  return app;
}

describe('orders and payments → buyer e-mails and staff chat', () => {
  let env: TestEnv;
  let smtp: TestSmtpServer;
  let chat: FakeChatServer;
  let app: ServiceApp;
  let staff: string;
  let orders: TestBus;
  let payments: TestBus;
  let auth: TestBus;

  const deliveries = async (query: string): Promise<Delivery[]> => {
    const res = await app.inject({
      method: 'GET',
      url: `/deliveries?${query}&pageSize=100`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Delivery[] }>().items;
  };
  const forEvent = async (eventId: string) => (await deliveries('')).filter((d) => d.eventId === eventId);
  const chatFor = (reference: string) =>
    chat.requests.filter((r) => JSON.stringify(r.body).includes(reference));

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
    orders = await TestBus.open(env, 'orders');
    payments = await TestBus.open(env, 'payments');
    auth = await TestBus.open(env, 'auth');
  });

  afterAll(async () => {
    await app?.close();
    for (const bus of [orders, payments, auth]) await bus?.close();
    await smtp?.stop();
    await chat?.stop();
    await env?.cleanup();
  });

  it('e-mails the order confirmation once and tells staff once, though the event arrives twice', async () => {
    const event = orderPaid({
      userId: uuidv7(),
      reference: 'RIAN-0007',
      userEmail: 'buyer@example.com',
      productTitle: 'คอร์สเทรดหุ้น',
    });
    await orders.deliver(event, 'notifications');
    await orders.deliver(event, 'notifications', `${event.id}-again`);

    const [mail] = await eventually(
      () => smtp.mailsTo('buyer@example.com').length > 0 && smtp.mailsTo('buyer@example.com'),
    );
    expect(mail!.mail.subject).toBe('ยืนยันคำสั่งซื้อ RIAN-0007 - Rian');
    expect(mail!.mail.text).toContain('คำสั่งซื้อ: RIAN-0007');
    expect(mail!.mail.text).toContain('สินค้า: คอร์สเทรดหุ้น');
    expect(mail!.mail.text).toContain('฿1,500.50');
    expect(mail!.mail.text).toContain('https://rian.example/member');
    expect(mail!.mail.html).toContain('href="https://rian.example/member"');

    await eventually(() => chatFor('RIAN-0007').length >= 2);
    await new Promise((r) => setTimeout(r, 800));
    expect(smtp.mailsTo('buyer@example.com')).toHaveLength(1);

    const pushes = chatFor('RIAN-0007');
    expect(pushes).toHaveLength(2);
    const line = pushes.find((r) => r.path === '/v2/bot/message/push');
    expect(line).toMatchObject({ method: 'POST', authorization: `Bearer ${LINE_TOKEN}` });
    expect(line!.body).toEqual({
      to: 'Cstaffgroup',
      messages: [{ type: 'text', text: 'ชำระเงินแล้ว\nคำสั่งซื้อ RIAN-0007\n฿1,500.50' }],
    });
    const telegram = pushes.find((r) => r.path === `/bot${TELEGRAM_TOKEN}/sendMessage`);
    expect(telegram?.body).toEqual({ chat_id: '-1001', text: 'ชำระเงินแล้ว\nคำสั่งซื้อ RIAN-0007\n฿1,500.50' });

    const logged = await eventually(async () => {
      const rows = await forEvent(event.id);
      return rows.length === 3 && rows.every((d) => d.status === 'sent') && rows;
    });
    expect(logged.map((d) => `${d.channel} ${d.template}`).sort()).toEqual([
      'email orders.order-confirmed',
      'line staff-chat.order-paid.line',
      'telegram staff-chat.order-paid.telegram',
    ]);
  });

  it('finds the buyer address from auth.user.registered when the paid event has none', async () => {
    const userId = uuidv7();
    await auth.deliver(registered(userId, 'known@example.com'), 'notifications');
    await orders.deliver(orderPaid({ userId, reference: 'RIAN-0008' }), 'notifications');
    const [mail] = await eventually(
      () => smtp.mailsTo('known@example.com').length > 0 && smtp.mailsTo('known@example.com'),
    );
    expect(mail!.mail.text).toContain('RIAN-0008');
    expect(mail!.mail.text).not.toContain('สินค้า:');
  });

  it('e-mails the buyer the staff note when a slip is rejected, once', async () => {
    const userId = uuidv7();
    await auth.deliver(registered(userId, 'rejected@example.com'), 'notifications');
    const event = buildEvent(
      PaymentRejected,
      {
        ...slipBase(userId, 'RIAN-0009'),
        note: 'ยอดเงินในสลิปไม่ตรงกับยอดที่ต้องชำระ',
        rejectedBy: 'staff-1',
        rejectedAt: '2026-04-15T06:00:00.000Z',
      },
      { source: 'payments' },
    );
    await payments.deliver(event, 'notifications');
    await payments.deliver(event, 'notifications', `${event.id}-again`);
    const rejection = () =>
      smtp.mailsTo('rejected@example.com').filter((m) => m.mail.text?.includes('RIAN-0009'));
    const [mail] = await eventually(() => rejection().length > 0 && rejection());
    expect(mail!.mail.subject).toContain('RIAN-0009');
    expect(mail!.mail.text).toContain('หมายเหตุจากเจ้าหน้าที่: ยอดเงินในสลิปไม่ตรงกับยอดที่ต้องชำระ');
    expect(mail!.mail.text).toContain('https://rian.example/orders');
    await new Promise((r) => setTimeout(r, 800));
    expect(rejection()).toHaveLength(1);
  });

  it('a rejection that carries the buyer address needs no directory entry', async () => {
    const userId = uuidv7(); // never announced by auth.user.registered
    await payments.deliver(
      buildEvent(
        PaymentRejected,
        {
          ...slipBase(userId, 'RIAN-0011'),
          note: 'สลิปไม่ชัด',
          rejectedBy: 'staff-1',
          rejectedAt: '2026-04-15T06:00:00.000Z',
          userEmail: 'direct@example.com',
        },
        { source: 'payments' },
      ),
      'notifications',
    );
    const [mail] = await eventually(
      () => smtp.mailsTo('direct@example.com').length > 0 && smtp.mailsTo('direct@example.com'),
    );
    expect(mail!.mail.subject).toContain('RIAN-0011');
    expect(mail!.mail.text).toContain('สลิปไม่ชัด');
  });

  it('tells staff in chat once when a slip is submitted', async () => {
    const event = buildEvent(
      SlipSubmitted,
      {
        ...slipBase(uuidv7(), 'RIAN-0010'),
        paymentDate: '2026-04-15',
        paymentTime: '12:30',
        submittedAt: '2026-04-15T05:31:00.000Z',
      },
      { source: 'payments' },
    );
    await payments.deliver(event, 'notifications');
    await payments.deliver(event, 'notifications', `${event.id}-again`);
    await eventually(() => chatFor('RIAN-0010').length >= 2);
    await new Promise((r) => setTimeout(r, 800));
    const pushes = chatFor('RIAN-0010');
    expect(pushes.filter((r) => r.path === '/v2/bot/message/push')).toHaveLength(1);
    expect(pushes.filter((r) => r.path.endsWith('/sendMessage'))).toHaveLength(1);
    expect(JSON.stringify(pushes[0]!.body)).toContain('สลิปใหม่รอตรวจสอบ\\nคำสั่งซื้อ RIAN-0010\\n฿1,500.50');
  });
});

describe('staff chat with no token configured', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let staff: string;
  let payments: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    app = await startApp(env, issuer, {});
    payments = await TestBus.open(env, 'payments');
  });

  afterAll(async () => {
    await app?.close();
    await payments?.close();
    await env?.cleanup();
  });

  it('only records the message in the delivery log, as skipped', async () => {
    const event = buildEvent(
      SlipSubmitted,
      {
        ...slipBase(uuidv7(), 'RIAN-0011'),
        paymentDate: '2026-04-15',
        paymentTime: '12:30',
        submittedAt: '2026-04-15T05:31:00.000Z',
      },
      { source: 'payments' },
    );
    await payments.deliver(event, 'notifications');
    await new Promise((r) => setTimeout(r, 600));
    const res = await app.inject({
      method: 'GET',
      url: '/deliveries?status=skipped',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: Delivery[] }>().items.filter((d) => d.eventId === event.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      status: 'skipped',
      error: 'no token',
      template: 'staff-chat.slip-submitted.line',
      attempts: 0,
    });
    expect(items[0]!.text).toContain('RIAN-0011');
  });
});
