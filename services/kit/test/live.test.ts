import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { buildEvent, type Envelope } from '@rian/proto-contracts/envelope';
import { buildService, type ServiceApp } from '../src/service.js';
import { createTestEnv, eventually, type TestEnv } from '../src/testing.js';
import { on } from '../src/consumer.js';
import { BusNames, ensureStream } from '../src/nats.js';
import { publishLive, subscribeLive } from '../src/live.js';
import { NoteCreated, noteMigrations, testConfig } from './fixtures.js';

/** Live (core NATS) fan-out and the consumer's after-commit step, against the real NATS. */
describe('live subjects', () => {
  let env: TestEnv;
  let nc: NatsConnection;
  let names: BusNames;

  beforeAll(async () => {
    env = await createTestEnv();
    names = new BusNames(env.namespace);
    nc = await connect({ servers: 'nats://127.0.0.1:4222' });
  });

  afterAll(async () => {
    await nc?.close();
    await env?.cleanup();
  });

  it('delivers a published value to subscribers of the namespaced topic only', async () => {
    const got: unknown[] = [];
    const other: unknown[] = [];
    const sub = subscribeLive(nc, names, 'kittest.count', (d) => got.push(d));
    const otherNs = subscribeLive(nc, new BusNames(`${env.namespace}x`), 'kittest.count', (d) =>
      other.push(d),
    );
    await nc.flush();
    const publisher = await connect({ servers: 'nats://127.0.0.1:4222' });
    try {
      expect(publishLive(publisher, names, 'kittest.count', { wait: 3 })).toBe(true);
      expect(publishLive(publisher, names, 'kittest.count', { wait: 2 })).toBe(true);
      await publisher.flush();
      await eventually(() => got.length === 2);
      expect(got).toEqual([{ wait: 3 }, { wait: 2 }]);
      expect(other).toEqual([]);
    } finally {
      sub.unsubscribe();
      otherNs.unsubscribe();
      await publisher.close();
    }
  });

  it('drops undecodable messages and reports no connection without throwing', async () => {
    const got: unknown[] = [];
    const sub = subscribeLive(nc, names, 'kittest.bad', (d) => got.push(d));
    await nc.flush();
    nc.publish(names.live('kittest.bad'), 'not json');
    publishLive(nc, names, 'kittest.bad', { ok: true });
    await eventually(() => got.length === 1);
    expect(got).toEqual([{ ok: true }]);
    sub.unsubscribe();

    expect(publishLive(undefined, names, 'kittest.bad', { ok: true })).toBe(false);
    const closed = await connect({ servers: 'nats://127.0.0.1:4222' });
    await closed.close();
    expect(publishLive(closed, names, 'kittest.bad', { ok: true })).toBe(false);
  });
});

describe('consumer afterCommit', () => {
  let env: TestEnv;
  let nc: NatsConnection;
  let names: BusNames;
  let app: ServiceApp;
  const after: { id: string; rows: number }[] = [];

  beforeAll(async () => {
    env = await createTestEnv();
    names = new BusNames(env.namespace);
    nc = await connect({ servers: 'nats://127.0.0.1:4222' });
    app = await buildService({
      name: 'kitafter',
      description: 'after-commit under test',
      config: testConfig(env.envFor('kitafter')),
      entities: [],
      migrations: noteMigrations,
      routes: async () => undefined,
      consumers: (kit) => [
        on(
          NoteCreated,
          async (event, { em }) => {
            await em.execute('insert into kittest_seen (event_id, text) values (?, ?)', [
              event.id,
              event.data.text,
            ]);
            if (event.data.text === 'fails') throw new Error('handler failed');
          },
          {
            maxDeliver: 1,
            // reads through another connection: sees the row only once the handler's transaction committed
            afterCommit: async (event) => {
              const [{ n }] = (await kit.orm.em
                .fork()
                .execute('select count(*)::int as n from kittest_seen where event_id = ?', [event.id])) as [
                { n: number },
              ];
              after.push({ id: event.id, rows: n });
            },
          },
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

  const publish = async (e: Envelope, msgID: string) => {
    await ensureStream(nc, names, 'kittest');
    await jetstream(nc).publish(names.subject(e.type), JSON.stringify(e), { msgID });
  };

  it('runs once after the commit, not for a duplicate nor for a failed handler', async () => {
    const ok = buildEvent(NoteCreated, { noteId: crypto.randomUUID(), text: 'ok' }, { source: 'kittest' });
    const failing = buildEvent(
      NoteCreated,
      { noteId: crypto.randomUUID(), text: 'fails' },
      { source: 'kittest' },
    );
    await publish(ok, ok.id);
    await publish(ok, `${ok.id}-again`);
    await publish(failing, failing.id);
    await eventually(() => after.some((a) => a.id === ok.id));
    // the failing event is dead-lettered (maxDeliver 1); give the duplicate time to be skipped
    await new Promise((r) => setTimeout(r, 1_500));
    expect(after).toEqual([{ id: ok.id, rows: 1 }]);
  });
});
