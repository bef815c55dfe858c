import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { BusNames } from '@rian/kit/nats';
import { createTestEnv, eventually, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type Envelope, type EventData } from '@rian/proto-contracts/envelope';
import { LiveChanged } from '@rian/proto-contracts/learning-live';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { FakeChatServer } from '../../helpers.js';

const LINE_TOKEN = 'line-channel-token';
const TELEGRAM_TOKEN = '123456:telegram-bot-token';

const liveChanged = (data: Partial<EventData<typeof LiveChanged>> & { name: string }) =>
  buildEvent(
    LiveChanged,
    {
      streamId: uuidv7(),
      kind: 'stream',
      live: 'Y',
      liveSince: '2026-11-26T12:30:00.000Z',
      courseIds: [uuidv7()],
      changedAt: '2026-11-26T12:30:00.000Z',
      ...data,
    },
    { source: 'learning' },
  );

/** learning.live.changed → the staff chat (LINE and Telegram stand-ins), once per event. */
describe('learning.live.changed → staff chat', () => {
  let env: TestEnv;
  let chat: FakeChatServer;
  let app: ServiceApp;
  let staff: string;
  let learning: TestBus;
  let nc: NatsConnection;

  /** The events notifications sent to its dead-letter subject (stream `dlq` of the namespace). */
  const deadLettered = async (): Promise<{ id: string; error: string }[]> => {
    const jsm = await jetstreamManager(nc);
    const stream = new BusNames(env.namespace).deadLetterStream();
    const info = await jsm.streams.info(stream).catch(() => undefined);
    if (!info || info.state.messages === 0) return [];
    const out: { id: string; error: string }[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      const body = m?.json<{ event: Envelope | string; error: { message: string } }>();
      if (body && typeof body.event === 'object') out.push({ id: body.event.id, error: body.error.message });
    }
    return out;
  };

  const forEvent = async (eventId: string): Promise<Delivery[]> => {
    const res = await app.inject({
      method: 'GET',
      url: '/deliveries?pageSize=100',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Delivery[] }>().items.filter((d) => d.eventId === eventId);
  };
  const pushesNaming = (name: string) => chat.requests.filter((r) => JSON.stringify(r.body).includes(name));
  /** Waits until every row of the event is sent, then gives them. */
  const sentRows = (event: Envelope, count: number) =>
    eventually(async () => {
      const rows = await forEvent(event.id);
      return rows.length === count && rows.every((d) => d.status === 'sent') && rows;
    });

  beforeAll(async () => {
    env = await createTestEnv();
    chat = new FakeChatServer();
    await chat.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    app = await buildApp(
      readConfig(
        env.envFor('notifications', {
          LINE_CHANNEL_TOKEN: LINE_TOKEN,
          LINE_TO: 'Cstaffgroup',
          LINE_API_URL: chat.url,
          TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
          TELEGRAM_CHAT_ID: '-1001',
          TELEGRAM_API_URL: chat.url,
        }),
      ),
      { tokenKeys: issuer.keys },
    );
    await app.ready();
    learning = await TestBus.open(env, 'learning');
    nc = await connect({ servers: env.envFor('notifications').NATS_URL });
  });

  afterAll(async () => {
    await app?.close();
    await learning?.close();
    await nc?.close();
    await chat?.stop();
    await env?.cleanup();
  });

  it('going live is told once on each staff channel, though the event arrives twice', async () => {
    const event = liveChanged({ name: 'ไลฟ์ทองคำเย็นนี้' });
    await learning.deliver(event, 'notifications');
    await learning.deliver(event, 'notifications', `${event.id}-again`);

    const rows = await sentRows(event, 2);
    expect(rows.map((d) => `${d.channel} ${d.template}`).sort()).toEqual([
      'line staff-chat.live-started.line',
      'telegram staff-chat.live-started.telegram',
    ]);
    // both deliveries were handled (acked) and every row is sent: what was pushed is final
    const pushes = pushesNaming('ไลฟ์ทองคำเย็นนี้');
    expect(pushes).toHaveLength(2);
    const text = 'ไลฟ์ทองคำเย็นนี้ เริ่มถ่ายทอดสดแล้ว\nเวลา 19:30 น.';
    expect(pushes.find((r) => r.path === '/v2/bot/message/push')).toMatchObject({
      authorization: `Bearer ${LINE_TOKEN}`,
      body: { to: 'Cstaffgroup', messages: [{ type: 'text', text }] },
    });
    expect(pushes.find((r) => r.path === `/bot${TELEGRAM_TOKEN}/sendMessage`)?.body).toEqual({
      chat_id: '-1001',
      text,
    });
  });

  it('going off air tells the time on air', async () => {
    const streamId = uuidv7();
    const on = liveChanged({ name: 'ห้องเทรดสด', kind: 'trade', streamId });
    const off = liveChanged({
      name: 'ห้องเทรดสด',
      kind: 'trade',
      streamId,
      live: 'N',
      changedAt: '2026-11-26T14:15:10.000Z',
    });
    await learning.deliver(on, 'notifications');
    await learning.deliver(off, 'notifications');
    await learning.deliver(off, 'notifications', `${off.id}-again`);
    await sentRows(on, 2);
    const rows = await sentRows(off, 2);
    expect(rows.map((d) => d.template).sort()).toEqual([
      'staff-chat.live-stopped.line',
      'staff-chat.live-stopped.telegram',
    ]);
    const stops = pushesNaming('จบการถ่ายทอดสดแล้ว').filter((r) =>
      JSON.stringify(r.body).includes('ห้องเทรดสด'),
    );
    expect(stops).toHaveLength(2);
    expect(stops.find((r) => r.path.endsWith('/sendMessage'))?.body).toEqual({
      chat_id: '-1001',
      text: 'ห้องเทรดสด จบการถ่ายทอดสดแล้ว\nออกอากาศ 1 ชั่วโมง 45 นาที (19:30–21:15 น.)',
    });
  });

  it('a malformed event or a version it does not know is taken off the queue without a message', async () => {
    const bad = liveChanged({ name: 'ไลฟ์เสีย' });
    const malformed = { ...bad, data: { ...bad.data, live: 'maybe' } } as unknown as Envelope;
    const unknown = { ...liveChanged({ name: 'ไลฟ์รุ่นใหม่' }), version: 2 } as Envelope;
    await learning.publish(malformed);
    await learning.publish(unknown);
    // terminated (never redelivered) and recorded on the dead-letter subject, as every consumer does
    const dead = await eventually(async () => {
      const all = await deadLettered();
      const ids = all.map((d) => d.id);
      return ids.includes(malformed.id) && ids.includes(unknown.id) && all;
    });
    expect(dead.find((d) => d.id === unknown.id)?.error).toContain('unsupported');
    // a handled event after them: its message arriving shows the consumer went on past them
    // (published, not `deliver`ed: the ack floor of this NATS stays below a terminated message)
    const after = liveChanged({ name: 'ไลฟ์หลังจากนั้น' });
    await learning.publish(after);
    await sentRows(after, 2);
    expect(await forEvent(malformed.id)).toEqual([]);
    expect(await forEvent(unknown.id)).toEqual([]);
    expect(pushesNaming('ไลฟ์เสีย')).toEqual([]);
    expect(pushesNaming('ไลฟ์รุ่นใหม่')).toEqual([]);
  });
});
