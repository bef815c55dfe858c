import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { buildEvent, type Envelope } from '@rian/proto-contracts/envelope';
import { buildService, type ServiceApp } from '../src/service.js';
import { createTestEnv, eventually, type TestEnv } from '../src/testing.js';
import { on, orderingKeyOf } from '../src/consumer.js';
import { BusNames, ensureStream } from '../src/nats.js';
import { RetryableError } from '../src/errors.js';
import { NoteCreated, noteMigrations, testConfig } from './fixtures.js';

/**
 * The consumer handling several events at once (issue 18): distinct ordering keys overlap, the bound
 * holds, one key's events run one after another in stream order (also across a failed, retried
 * predecessor), the inbox still dedupes, and stop() waits for running handlers. Real NATS + Postgres.
 * An event's text is `<key>:<tag>`; the ordering key is the part before the colon.
 */
const BOUND = 3;

describe('event consumer, several events at once', () => {
  let env: TestEnv;
  let nc: NatsConnection;
  let names: BusNames;
  let app: ServiceApp;
  /** 'start <text>' / 'end <text>' in the order they happened */
  const log: string[] = [];
  let running = 0;
  let maxRunning = 0;
  const gates = new Map<string, () => void>();
  const attempts = new Map<string, number>();
  const runs = new Map<string, number>();

  const publish = async (ev: Envelope, msgID?: string) => {
    await ensureStream(nc, names, 'kittest');
    await jetstream(nc).publish(names.subject(ev.type), JSON.stringify(ev), msgID ? { msgID } : {});
  };
  const note = (text: string) =>
    buildEvent(NoteCreated, { noteId: crypto.randomUUID(), text }, { source: 'kittest' });
  const release = (text: string) => {
    const open = gates.get(text);
    if (!open) throw new Error(`${text} is not waiting at its gate`);
    open();
  };
  const at = (entry: string) => log.indexOf(entry);

  beforeAll(async () => {
    env = await createTestEnv();
    names = new BusNames(env.namespace);
    nc = await connect({ servers: 'nats://127.0.0.1:4222' });
    app = await buildService({
      name: 'kitconcurrent',
      description: 'concurrent consumer under test',
      config: testConfig(env.envFor('kitconcurrent')),
      entities: [],
      migrations: noteMigrations,
      routes: async () => undefined,
      consumers: () => [
        on(
          NoteCreated,
          async (event, { em }) => {
            const text = event.data.text;
            const n = (attempts.get(event.id) ?? 0) + 1;
            attempts.set(event.id, n);
            running++;
            maxRunning = Math.max(maxRunning, running);
            log.push(`start ${text}`);
            try {
              if (text.includes(':gate')) await new Promise<void>((r) => gates.set(text, r));
              if (text.includes(':flaky') && n < 3) throw new RetryableError('not yet');
              await em.execute('insert into kittest_seen (event_id, text) values (?, ?)', [event.id, text]);
              runs.set(event.id, (runs.get(event.id) ?? 0) + 1);
            } finally {
              running--;
              log.push(`end ${text}`);
            }
          },
          {
            concurrency: BOUND,
            backoffMs: [150],
            maxDeliver: 5,
            orderingKey: (event) => event.data.text.split(':')[0]!,
          },
        ),
      ],
    });
    await app.ready();
  });

  afterAll(async () => {
    for (const open of gates.values()) open();
    await app?.close();
    await nc?.close();
    await env?.cleanup();
  });

  it('runs events of distinct keys at the same time', async () => {
    for (const k of ['a', 'b', 'c']) await publish(note(`${k}:gate-overlap`));
    // all three are inside their handler at once
    await eventually(() => ['a', 'b', 'c'].every((k) => gates.has(`${k}:gate-overlap`)));
    expect(running).toBe(3);
    for (const k of ['a', 'b', 'c']) release(`${k}:gate-overlap`);
    await eventually(() => ['a', 'b', 'c'].every((k) => at(`end ${k}:gate-overlap`) >= 0));
  });

  it('never runs more handlers than its bound', async () => {
    const texts = ['d', 'e', 'f', 'g', 'h', 'i', 'j'].map((k) => `${k}:gate-bound`);
    maxRunning = 0;
    for (const t of texts) await publish(note(t));
    const done = new Set<string>();
    while (done.size < texts.length) {
      // wait until the bound is reached (or every remaining event is in), then let one through
      const waiting = await eventually(() => {
        const w = texts.filter((t) => gates.has(t) && !done.has(t));
        return w.length === Math.min(BOUND, texts.length - done.size) ? w : undefined;
      });
      expect(running).toBe(waiting.length);
      release(waiting[0]!);
      done.add(waiting[0]!);
      await eventually(() => at(`end ${waiting[0]}`) >= 0);
    }
    expect(maxRunning).toBe(BOUND);
  });

  it('runs the events of one key one after another in stream order, even behind a slow first one', async () => {
    await publish(note('k:gate-first'));
    await publish(note('k:second'));
    await publish(note('k:third'));
    await publish(note('other:quick'));
    await eventually(() => gates.has('k:gate-first'));
    // another key passes the slow one…
    await eventually(() => at('end other:quick') >= 0);
    // …while the slow one's successors wait behind it
    expect(at('start k:second')).toBe(-1);
    release('k:gate-first');
    await eventually(() => at('end k:third') >= 0);
    expect(at('end k:gate-first')).toBeLessThan(at('start k:second'));
    expect(at('end k:second')).toBeLessThan(at('start k:third'));
  });

  it('a failing key does not hold up other keys; its successor waits for the retried one', async () => {
    const flaky = note('f:flaky');
    await publish(flaky);
    await publish(note('f:after'));
    await publish(note('z:meanwhile'));
    await eventually(() => at('end z:meanwhile') >= 0);
    await eventually(() => at('end f:after') >= 0, 15_000);
    expect(attempts.get(flaky.id)).toBe(3);
    // the successor started only after the third (successful) attempt of its predecessor ended
    expect(log.lastIndexOf('end f:flaky')).toBeLessThan(at('start f:after'));
    expect(log.filter((l) => l === 'start f:after')).toHaveLength(1);
    // z was handled while f was still failing
    expect(at('end z:meanwhile')).toBeLessThan(log.lastIndexOf('end f:flaky'));
  });

  it('still handles a duplicated event once while other events run alongside', async () => {
    const dup = note('dup:twice');
    const others = ['p', 'q', 'r', 's'].map((k) => note(`${k}:alongside`));
    await publish(dup, `${dup.id}-1`);
    for (const o of others) await publish(o);
    await publish(dup, `${dup.id}-2`); // a different Nats-Msg-Id: JetStream keeps both copies
    const marker = note('dup:marker'); // same key, after the second copy: once it ran, both copies did
    await publish(marker);
    await eventually(() => at('end dup:marker') >= 0 && others.every((o) => runs.get(o.id) === 1));
    expect(runs.get(dup.id)).toBe(1);
    const rows = (await app.kit.orm.em
      .fork()
      .execute('select count(*)::int as n from kittest_seen where text = ?', ['dup:twice'])) as {
      n: number;
    }[];
    expect(rows[0]!.n).toBe(1);
  });
});

describe('event consumer stop() with handlers running', () => {
  it('waits for running handlers before it resolves, and their work is acked and committed', async () => {
    const env = await createTestEnv();
    const names = new BusNames(env.namespace);
    const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
    const order: string[] = [];
    const gates: (() => void)[] = [];
    const app = await buildService({
      name: 'kitdrain',
      description: 'consumer stopped while busy',
      config: testConfig(env.envFor('kitdrain')),
      entities: [],
      migrations: noteMigrations,
      routes: async () => undefined,
      consumers: () => [
        on(
          NoteCreated,
          async (event, { em }) => {
            await new Promise<void>((r) => gates.push(r));
            await em.execute('insert into kittest_seen (event_id, text) values (?, ?)', [
              event.id,
              event.data.text,
            ]);
            order.push(`handled ${event.data.text}`);
          },
          { concurrency: 2, orderingKey: (e) => e.data.noteId },
        ),
      ],
    });
    try {
      await app.ready();
      await ensureStream(nc, names, 'kittest');
      for (const text of ['one', 'two']) {
        const ev = buildEvent(NoteCreated, { noteId: crypto.randomUUID(), text }, { source: 'kittest' });
        await jetstream(nc).publish(names.subject(ev.type), JSON.stringify(ev));
      }
      await eventually(() => gates.length === 2);
      const closed = app.close().then(() => order.push('closed'));
      for (const open of gates) open();
      await closed;
      expect(order.indexOf('closed')).toBe(2);
      expect(order.slice(0, 2).sort()).toEqual(['handled one', 'handled two']);
    } finally {
      await nc.close();
      await env.cleanup();
    }
  });
});

describe('orderingKeyOf', () => {
  const ev = (data: unknown) =>
    ({
      id: 'x',
      type: 'a.b.c',
      version: 1,
      occurredAt: '',
      source: 's',
      correlationId: 'corr-1',
      data,
    }) as Envelope;
  it('keys an event about an order by the order, any other by its type (one at a time)', () => {
    expect(orderingKeyOf(ev({ orderId: 'o1', userId: 'u1' }))).toBe('order:o1');
    expect(orderingKeyOf(ev({ orderId: 'o2', userId: 'u1' }))).toBe('order:o2');
    expect(orderingKeyOf(ev({ userId: 'u1', courseId: 'c1' }))).toBe('type:a.b.c');
  });
});
