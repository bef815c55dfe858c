import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { buildEvent, type Envelope } from '@rian/proto-contracts/envelope';
import { buildService, type ServiceApp } from '../src/service.js';
import { createTestEnv, eventually, type TestEnv } from '../src/testing.js';
import { on } from '../src/consumer.js';
import { BusNames, ensureStream } from '../src/nats.js';
import { PermanentError, RetryableError } from '../src/errors.js';
import { NoteCreated, NoteCreatedV2, noteMigrations, testConfig } from './fixtures.js';

/**
 * The consumer against the real NATS: inbox idempotency, delayed retries, dead letters and
 * version handling. Events are published straight to the namespaced stream, as a producer's relay would.
 */
describe('event consumer', () => {
  let env: TestEnv;
  let nc: NatsConnection;
  let names: BusNames;
  let app: ServiceApp;
  const handled: { id: string; text: string; delivery: number }[] = [];
  const attempts = new Map<string, number>();

  const publish = async (env_: Envelope, msgID?: string) => {
    await ensureStream(nc, names, 'kittest');
    await jetstream(nc).publish(names.subject(env_.type), JSON.stringify(env_), msgID ? { msgID } : {});
  };
  const note = (text: string) =>
    buildEvent(NoteCreated, { noteId: crypto.randomUUID(), text }, { source: 'kittest' });

  beforeAll(async () => {
    env = await createTestEnv();
    names = new BusNames(env.namespace);
    nc = await connect({ servers: 'nats://127.0.0.1:4222' });
    app = await buildService({
      name: 'kitconsumer',
      description: 'consumer under test',
      config: testConfig(env.envFor('kitconsumer')),
      entities: [],
      migrations: noteMigrations,
      routes: async () => undefined,
      consumers: () => [
        on(
          NoteCreated,
          async (event, { em, deliveryCount }) => {
            const text = event.data.text;
            const n = (attempts.get(event.id) ?? 0) + 1;
            attempts.set(event.id, n);
            if (text.startsWith('flaky') && n < 3) throw new RetryableError('not yet');
            if (text.startsWith('always-failing')) throw new RetryableError('still down');
            if (text.startsWith('poison')) throw new PermanentError('cannot ever work');
            if (text.startsWith('rollback') && n < 2) {
              await em.execute('insert into kittest_seen (event_id, text) values (?, ?)', [event.id, text]);
              throw new Error('crash after writing');
            }
            await em.execute(
              'insert into kittest_seen (event_id, text) values (?, ?) on conflict do nothing',
              [event.id, text],
            );
            handled.push({ id: event.id, text, delivery: deliveryCount });
          },
          { maxDeliver: 3, backoffMs: [200, 400] },
        ),
      ],
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await nc?.close();
    await env?.cleanup();
  });

  const seenRows = async (text: string) =>
    (
      (await app.kit.orm.em
        .fork()
        .execute('select count(*)::int as n from kittest_seen where text = ?', [text])) as { n: number }[]
    )[0]!.n;

  it('handles an event once even when it is delivered twice (inbox keyed by event id)', async () => {
    const ev = note('twice');
    await publish(ev, 'first-copy');
    await publish(ev, 'second-copy'); // a different Nats-Msg-Id: JetStream keeps both
    await eventually(() => handled.some((h) => h.text === 'twice'));
    await new Promise((r) => setTimeout(r, 700));
    expect(handled.filter((h) => h.text === 'twice')).toHaveLength(1);
    expect(await seenRows('twice')).toBe(1);
  });

  it('retries a retryable failure with a delay, then succeeds', async () => {
    const ev = note('flaky-1');
    await publish(ev);
    const h = await eventually(() => handled.find((x) => x.text === 'flaky-1'), 15_000);
    expect(h.delivery).toBe(3);
  });

  it('rolls back the handler writes of a failed attempt (inbox and writes commit together)', async () => {
    await publish(note('rollback-1'));
    await eventually(() => handled.some((x) => x.text === 'rollback-1'), 15_000);
    expect(await seenRows('rollback-1')).toBe(1);
  });

  const deadLetters = async () => {
    const js = jetstream(nc);
    const c = await js.consumers.get(names.deadLetterStream());
    const out: { error: { message: string }; deliveryCount: number; event: Envelope | string }[] = [];
    const batch = await c.fetch({ max_messages: 50, expires: 1_000 });
    for await (const m of batch) {
      out.push(m.json());
      if (m.info.pending === 0) break;
    }
    return out;
  };

  it('sends a permanent failure to the dead-letter subject with the error, without retrying', async () => {
    const ev = note('poison-1');
    await publish(ev);
    const dl = await eventually(async () =>
      (await deadLetters()).find((d) => typeof d.event === 'object' && d.event.id === ev.id),
    );
    expect(dl.error.message).toBe('cannot ever work');
    expect(dl.deliveryCount).toBe(1);
    expect(attempts.get(ev.id)).toBe(1);
  });

  it('after the last allowed delivery a retryable failure is dead-lettered too', async () => {
    const ev = note('always-failing-1');
    await publish(ev);
    const dl = await eventually(
      async () => (await deadLetters()).find((d) => typeof d.event === 'object' && d.event.id === ev.id),
      15_000,
    );
    expect(dl.deliveryCount).toBe(3);
    expect(attempts.get(ev.id)).toBe(3);
  });

  it('dead-letters an event whose data breaks its contract, and one of a version it does not know', async () => {
    const bad = { ...note('x'), data: { noteId: 42 } };
    await publish(bad as Envelope);
    const v2 = buildEvent(NoteCreatedV2, { noteId: 'n', text: 'v2', lang: 'th' }, { source: 'kittest' });
    await publish(v2);
    const dls = await eventually(async () => {
      const all = await deadLetters();
      const ids = all.map((d) => (typeof d.event === 'object' ? d.event.id : ''));
      return ids.includes(v2.id) && all.some((d) => d.error.message.includes('invalid')) ? all : undefined;
    });
    expect(dls.find((d) => typeof d.event === 'object' && d.event.id === v2.id)?.error.message).toContain(
      'unsupported',
    );
    expect(handled.some((h) => h.text === 'v2')).toBe(false);
  });
});

describe('event consumer, closed right away', () => {
  it('a service closed while its consumer is still being set up still closes', async () => {
    const env = await createTestEnv();
    try {
      for (let i = 0; i < 3; i++) {
        const app = await buildService({
          name: 'kitconsumer',
          description: 'consumer closed at once',
          config: testConfig(env.envFor('kitconsumer')),
          entities: [],
          migrations: noteMigrations,
          routes: async () => undefined,
          consumers: () => [on(NoteCreated, async () => undefined)],
        });
        await app.ready();
        const closed = app.close().then(() => 'closed');
        const timeout = new Promise((r) => setTimeout(() => r('still open'), 10_000));
        expect(await Promise.race([closed, timeout])).toBe('closed');
      }
    } finally {
      await env.cleanup();
    }
  });
});
