import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { buildService, type ServiceApp } from '../src/service.js';
import { createTestEnv, eventually, OwnNatsServer, type TestEnv } from '../src/testing.js';
import { Outbox } from '../src/outbox.js';
import { on } from '../src/consumer.js';
import { BusNames } from '../src/nats.js';
import { createLogger } from '../src/logger.js';
import { Note, NoteCreated, noteMigrations, testConfig } from './fixtures.js';

/**
 * The outbox against a NATS server of the test's own, which the test stops and starts:
 * a write succeeds while NATS is away, and its event is published once NATS is back.
 */
describe('outbox', () => {
  let env: TestEnv;
  let nats: OwnNatsServer;
  let producer: ServiceApp;
  const seen: string[] = [];
  let consumer: ServiceApp;

  beforeAll(async () => {
    env = await createTestEnv();
    nats = await OwnNatsServer.create();
    await nats.start();
    producer = await buildService({
      name: 'kittest',
      description: 'producer',
      config: testConfig(env.envFor('kittest', { NATS_URL: nats.url })),
      entities: [Note],
      migrations: noteMigrations,
      routes: async (app) => {
        app.post<{ Body: { text: string } }>('/notes', async (req, reply) => {
          const em = app.kit.orm.em.fork();
          const note = await em.transactional(async (tem) => {
            const n = tem.create(Note, { id: randomUUID(), text: req.body.text, createdAt: new Date() });
            app.kit.outbox.add(tem, NoteCreated, { noteId: n.id, text: n.text });
            return n;
          });
          return reply.status(201).send({ id: note.id });
        });
      },
    });
    consumer = await buildService({
      name: 'kitlistener',
      description: 'consumer',
      config: testConfig(env.envFor('kitlistener', { NATS_URL: nats.url })),
      entities: [],
      migrations: noteMigrations,
      routes: async () => undefined,
      consumers: () => [
        on(NoteCreated, async (event, { em }) => {
          seen.push(event.data.text);
          await em.execute('insert into kittest_seen (event_id, text) values (?, ?)', [
            event.id,
            event.data.text,
          ]);
        }),
      ],
    });
    await producer.ready();
    await consumer.ready();
  });

  afterAll(async () => {
    await producer?.close();
    await consumer?.close();
    await nats?.dispose();
    await env?.cleanup();
  });

  it('publishes an event written in the business transaction', async () => {
    const res = await producer.inject({ method: 'POST', url: '/notes', payload: { text: 'first' } });
    expect(res.statusCode).toBe(201);
    await eventually(() => seen.includes('first'));
  });

  it('stays quiet when idle: its own commits do not wake it', async () => {
    await new Promise((r) => setTimeout(r, 300));
    const before = producer.kit.outbox.stats.passes;
    await new Promise((r) => setTimeout(r, 1500));
    // polling every 500 ms gives about 3 passes; a relay woken by its own commits makes hundreds
    expect(producer.kit.outbox.stats.passes - before).toBeLessThanOrEqual(5);
  });

  it('accepts the write while NATS is down and publishes once it is back', async () => {
    await nats.stop();
    const res = await producer.inject({ method: 'POST', url: '/notes', payload: { text: 'while-down' } });
    expect(res.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await producer.kit.outbox.pending()).toBeGreaterThanOrEqual(1);
    expect(seen).not.toContain('while-down');
    const ready = await producer.inject({ method: 'GET', url: '/readyz' });
    // NATS down degrades the service, it does not take it out of the load balancer
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'degraded', checks: { database: true, nats: false } });

    await nats.start();
    await eventually(() => seen.includes('while-down'), 40_000, 200);
    await eventually(async () => (await producer.kit.outbox.pending()) === 0, 10_000);
    expect(seen.filter((t) => t === 'while-down')).toHaveLength(1);
  }, 60_000);

  it('is safe with several relays on one table: each row is published by exactly one of them', async () => {
    await producer.kit.outbox.stop();
    const em = producer.kit.orm.em.fork();
    await em.transactional(async (tem) => {
      for (let i = 0; i < 150; i++) {
        const n = tem.create(Note, { id: randomUUID(), text: `bulk-${i}`, createdAt: new Date() });
        producer.kit.outbox.add(tem, NoteCreated, { noteId: n.id, text: n.text });
      }
    });
    const nc = await connect({ servers: nats.url });
    const names = new BusNames(env.namespace);
    const logger = createLogger('kittest', 'silent');
    const relays = [0, 1, 2].map(
      () =>
        new Outbox({
          orm: producer.kit.orm,
          nats: () => nc,
          names,
          source: 'kittest',
          logger,
          batchSize: 10,
        }),
    );
    let total = 0;
    for (let round = 0; round < 30 && total < 150; round++) {
      const counts = await Promise.all(relays.map((r) => r.relayOnce()));
      total += counts.reduce((a, b) => a + b, 0);
    }
    expect(total).toBe(150);
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(names.stream('kittest'));
    // 2 earlier events + 150 now, none twice
    expect(info.state.messages).toBe(152);
    await nc.close();
    await eventually(() => seen.filter((t) => t.startsWith('bulk-')).length === 150, 20_000);
    producer.kit.outbox.start();
  }, 60_000);
});
