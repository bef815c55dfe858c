import { jetstreamManager } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { BusNames, connectNats, ensureStream } from '../src/nats.js';
import { createTestEnv, type TestEnv } from '../src/testing.js';

const DAY = 24 * 3600 * 1000;

/** EVENTS_STREAM_*: the streams a service creates are kept as configured, and brought to it at start. */
describe('stream settings', () => {
  let env: TestEnv;
  const open: NatsConnection[] = [];
  const logger = createLogger('stream-settings', 'silent');
  const connect = async (settings: { replicas: number; maxAgeDays: number; maxBytes: number }) => {
    const nc = await connectNats(env.envFor('kit').NATS_URL!, 'stream-settings', logger, settings);
    open.push(nc);
    return nc;
  };

  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(async () => {
    await Promise.all(open.map((nc) => nc.close()));
    await env?.cleanup();
  });

  it('creates a stream with the age, bytes and replicas given, and updates an existing one to new limits', async () => {
    const names = new BusNames(env.namespace);
    const first = await connect({ replicas: 1, maxAgeDays: 3, maxBytes: 1024 * 1024 });
    const name = await ensureStream(first, names, 'orders');
    const jsm = await jetstreamManager(first);
    expect((await jsm.streams.info(name)).config).toMatchObject({
      num_replicas: 1,
      max_age: nanos(3 * DAY),
      max_bytes: 1024 * 1024,
    });

    // a later start with other settings (a new process: a new connection) brings the stream to them
    const second = await connect({ replicas: 1, maxAgeDays: 30, maxBytes: 0 });
    await ensureStream(second, names, 'orders');
    expect((await jsm.streams.info(name)).config).toMatchObject({ max_age: nanos(30 * DAY), max_bytes: -1 });
  });

  it('three replicas on a server that is not a cluster: an error that names the setting', async () => {
    const nc = await connect({ replicas: 3, maxAgeDays: 14, maxBytes: 0 });
    await expect(ensureStream(nc, new BusNames(env.namespace), 'payments')).rejects.toThrow(
      /EVENTS_STREAM_REPLICAS=3/,
    );
  });
});
