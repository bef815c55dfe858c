import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { OrderPaid } from '@rian/proto-contracts/orders';
import { ProductChatChannelsChanged } from '@rian/proto-contracts/catalog';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { ORDER_IMAGE_HEIGHT, ORDER_IMAGE_WIDTH } from '../../../src/plugins/app/order-image.js';
import { FakeChatServer, type ChatRequest } from '../../helpers.js';

const LINE_TOKEN = 'line-channel-token';
const TELEGRAM_TOKEN = '123456:telegram-bot-token';
const PUBLIC = 'https://rian.example/api/notifications';
const IMAGE_URL = new RegExp(`^${PUBLIC.replace(/[.]/g, '\\.')}/chat-images/([A-Za-z0-9_-]{43})\\.png$`);

const orderPaid = (data: Partial<EventData<typeof OrderPaid>> & { reference: string; productId: string }) =>
  buildEvent(
    OrderPaid,
    {
      orderId: uuidv7(),
      orderNo: 77,
      userId: uuidv7(),
      courseIds: [],
      net: 150_050,
      paymentType: 4,
      paidAt: '2026-04-15T05:00:00.000Z',
      period: null,
      productTitle: 'คอร์สเทรดหุ้น',
      ...data,
    },
    { source: 'orders' },
  );

const channels = (
  productId: string,
  lineTo: string | null,
  telegramChatId: string | null,
  changedAt: string,
) =>
  buildEvent(
    ProductChatChannelsChanged,
    { productId, lineTo, telegramChatId, changedAt },
    { source: 'catalog' },
  );

async function startApp(env: TestEnv, issuer: TestTokenIssuer, extra: Record<string, string>) {
  const app = await buildApp(readConfig(env.envFor('notifications', extra)), { tokenKeys: issuer.keys });
  await app.ready();
  return app;
}

describe('the staff chat order picture (payment types 4 and 8), default and product channels', () => {
  let env: TestEnv;
  let chat: FakeChatServer;
  let app: ServiceApp;
  let staff: string;
  let orders: TestBus;
  let catalog: TestBus;

  const forReference = (reference: string) =>
    chat.requests.filter((r) => JSON.stringify(r.body).includes(reference));
  const logOf = async (eventId: string): Promise<Delivery[]> => {
    const res = await app.inject({
      url: '/deliveries?pageSize=100',
      headers: { authorization: `Bearer ${staff}` },
    });
    return res.json<{ items: Delivery[] }>().items.filter((d) => d.eventId === eventId);
  };
  const linePush = (r: ChatRequest) => r.path === '/v2/bot/message/push';
  const photo = (r: ChatRequest) => r.path === `/bot${TELEGRAM_TOKEN}/sendPhoto`;

  beforeAll(async () => {
    env = await createTestEnv();
    chat = new FakeChatServer();
    await chat.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    app = await startApp(env, issuer, {
      LINE_CHANNEL_TOKEN: LINE_TOKEN,
      LINE_TO: 'Cstaffgroup',
      LINE_API_URL: chat.url,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_CHAT_ID: '-1001',
      TELEGRAM_API_URL: chat.url,
      CHAT_IMAGE_PUBLIC_URL: `${PUBLIC}/`,
    });
    orders = await TestBus.open(env, 'orders');
    catalog = await TestBus.open(env, 'catalog');
  });

  afterAll(async () => {
    await app?.close();
    for (const bus of [orders, catalog]) await bus?.close();
    await chat?.stop();
    await env?.cleanup();
  });

  it('a transfer order: one picture to the default channel and one to the product channel, on each platform, once though redelivered', async () => {
    const productId = uuidv7();
    await catalog.deliver(
      channels(productId, 'Cproductgroup', '-2002', '2026-04-01T00:00:00.000Z'),
      'notifications',
    );
    // an older event arriving late changes nothing
    await catalog.deliver(
      channels(productId, 'Cstale', '-9999', '2026-03-01T00:00:00.000Z'),
      'notifications',
    );

    const event = orderPaid({ reference: 'SPSK0000000077', productId });
    await orders.deliver(event, 'notifications');
    await orders.deliver(event, 'notifications', `${event.id}-again`);

    await eventually(() => forReference('SPSK0000000077').length >= 4);
    await new Promise((r) => setTimeout(r, 800));
    const sent = forReference('SPSK0000000077');
    expect(sent).toHaveLength(4);

    const text = 'ชำระเงินแล้ว\nคำสั่งซื้อ SPSK0000000077\n฿1,500.50';
    const lines = sent.filter(linePush);
    expect(lines.map((r) => r.body.to).sort()).toEqual(['Cproductgroup', 'Cstaffgroup']);
    for (const r of lines) {
      expect(r.authorization).toBe(`Bearer ${LINE_TOKEN}`);
      const [image, caption] = r.body.messages as Record<string, string>[];
      expect(image).toMatchObject({ type: 'image' });
      expect(image!.originalContentUrl).toMatch(IMAGE_URL);
      expect(image!.previewImageUrl).toBe(image!.originalContentUrl);
      expect(caption).toEqual({ type: 'text', text });
    }
    const photos = sent.filter(photo);
    expect(photos.map((r) => r.body.chat_id).sort()).toEqual(['-1001', '-2002']);
    for (const r of photos) {
      // multipart form fields carry line breaks as CRLF (the HTML form encoding); Telegram reads either
      expect(String(r.body.caption).replace(/\r\n/g, '\n')).toBe(text);
      expect(r.photo?.type).toBe('image/png');
      const meta = await sharp(r.photo!.bytes).metadata();
      expect(meta).toMatchObject({ format: 'png', width: ORDER_IMAGE_WIDTH, height: ORDER_IMAGE_HEIGHT });
    }

    // the address LINE fetches serves the very picture Telegram got, without a token
    const id = IMAGE_URL.exec(
      (lines[0]!.body.messages as Record<string, string>[])[0]!.originalContentUrl!,
    )![1]!;
    const served = await app.inject({ url: `/chat-images/${id}.png` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, photos[0]!.photo!.bytes)).toBe(0);
    const unknown = await app.inject({ url: `/chat-images/${'A'.repeat(43)}.png` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');

    const log = await eventually(async () => {
      const rows = await logOf(event.id);
      const chatRows = rows.filter((d) => d.channel !== 'email');
      return chatRows.length === 4 && chatRows.every((d) => d.status === 'sent') && chatRows;
    });
    expect(log.map((d) => `${d.template} ${d.to}`).sort()).toEqual([
      'staff-chat.order-image.line Cstaffgroup',
      'staff-chat.order-image.product.line Cproductgroup',
      'staff-chat.order-image.product.telegram -2002',
      'staff-chat.order-image.telegram -1001',
    ]);
  });

  it('a card order of the same kind of product: the text as before, no picture, nothing to the product channel', async () => {
    const productId = uuidv7();
    await catalog.deliver(
      channels(productId, 'Ccardproduct', '-3003', '2026-04-01T00:00:00.000Z'),
      'notifications',
    );
    const event = orderPaid({ reference: 'SPSK0000000078', productId, paymentType: 1 });
    await orders.deliver(event, 'notifications');
    await eventually(() => forReference('SPSK0000000078').length >= 2);
    await new Promise((r) => setTimeout(r, 800));
    const sent = forReference('SPSK0000000078');
    expect(sent).toHaveLength(2);
    expect(sent.some(photo)).toBe(false);
    expect(sent.map((r) => r.body.to ?? r.body.chat_id).sort()).toEqual(['-1001', 'Cstaffgroup']);
    expect(sent.find(linePush)!.body.messages).toEqual([
      { type: 'text', text: 'ชำระเงินแล้ว\nคำสั่งซื้อ SPSK0000000078\n฿1,500.50' },
    ]);
  });

  it('an instalment order of a product with no channel of its own: the picture to the default channel, "no token" for the product in the log', async () => {
    const productId = uuidv7();
    const event = orderPaid({ reference: 'SPSK0000000079', productId, paymentType: 8, net: 1_000_000 });
    await orders.deliver(event, 'notifications');
    await eventually(() => forReference('SPSK0000000079').length >= 2);
    const sent = forReference('SPSK0000000079');
    expect(sent.filter(photo).map((r) => r.body.chat_id)).toEqual(['-1001']);
    expect(sent.filter(photo)[0]!.body.caption).toContain('฿10,000.00');
    const log = await eventually(async () => {
      const rows = (await logOf(event.id)).filter((d) => d.channel !== 'email');
      return rows.length === 3 && rows.filter((d) => d.status === 'sent').length === 2 && rows;
    });
    expect(log.find((d) => d.template === 'staff-chat.order-image.product.line')).toMatchObject({
      status: 'skipped',
      error: 'no token',
      to: 'product channel',
    });
  });

  it('a product whose channel was cleared (deleted product) gets nothing of its own', async () => {
    const productId = uuidv7();
    await catalog.deliver(channels(productId, 'Cgone', '-4004', '2026-04-01T00:00:00.000Z'), 'notifications');
    await catalog.deliver(channels(productId, null, null, '2026-04-02T00:00:00.000Z'), 'notifications');
    const event = orderPaid({ reference: 'SPSK0000000080', productId });
    await orders.deliver(event, 'notifications');
    await eventually(() => forReference('SPSK0000000080').length >= 2);
    await new Promise((r) => setTimeout(r, 800));
    expect(
      forReference('SPSK0000000080')
        .map((r) => r.body.to ?? r.body.chat_id)
        .sort(),
    ).toEqual(['-1001', 'Cstaffgroup']);
  });
});

describe('the order picture with no public address configured', () => {
  let env: TestEnv;
  let chat: FakeChatServer;
  let app: ServiceApp;
  let orders: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    chat = new FakeChatServer();
    await chat.start();
    app = await startApp(env, await TestTokenIssuer.create(), {
      LINE_CHANNEL_TOKEN: LINE_TOKEN,
      LINE_TO: 'Cstaffgroup',
      LINE_API_URL: chat.url,
    });
    orders = await TestBus.open(env, 'orders');
  });

  afterAll(async () => {
    await app?.close();
    await orders?.close();
    await chat?.stop();
    await env?.cleanup();
  });

  it('LINE gets the text only (it can fetch a picture only from a public HTTPS address)', async () => {
    await orders.deliver(orderPaid({ reference: 'SPSK0000000081', productId: uuidv7() }), 'notifications');
    const [push] = await eventually(() => chat.requests.length > 0 && chat.requests);
    expect(push!.body).toEqual({
      to: 'Cstaffgroup',
      messages: [{ type: 'text', text: 'ชำระเงินแล้ว\nคำสั่งซื้อ SPSK0000000081\n฿1,500.50' }],
    });
  });
});
