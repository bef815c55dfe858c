import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  DiscardPolicy,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { STREAMS, type Producer } from '@rian/proto-contracts/events';
import type { Logger } from './logger.js';

/**
 * Names on the bus. A namespace (RIAN_NAMESPACE) prefixes every subject and stream so that
 * test runs (and several environments on one NATS) never see each other's messages.
 */
export class BusNames {
  constructor(readonly namespace: string) {}

  subject(type: string): string {
    return this.namespace ? `${this.namespace}.${type}` : type;
  }

  stream(owner: string): string {
    const base = STREAMS[owner as Producer] ?? owner.toUpperCase().replace(/[^A-Z0-9]/g, '_');
    return this.namespace ? `${this.namespace.toUpperCase()}_${base}` : base;
  }

  /** Subjects a producer's stream captures: `<ns>.<owner>.>` */
  streamSubjects(owner: string): string[] {
    return [this.subject(`${owner}.>`)];
  }

  deadLetterStream(): string {
    return this.stream('dlq');
  }

  deadLetterSubject(consumerService: string, type: string): string {
    return this.subject(`dlq.${consumerService}.${type}`);
  }

  /** Ephemeral fan-out (core NATS, no stream): `<ns>.live.<topic>` */
  live(topic: string): string {
    return this.subject(`live.${topic}`);
  }
}

export async function connectNats(url: string, name: string, logger: Logger): Promise<NatsConnection> {
  const nc = await connect({
    servers: url.split(','),
    name,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    pingInterval: 5_000,
    maxPingOut: 2,
  });
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'error') {
        logger.warn({ nats: s.type }, `nats ${s.type}`);
      }
    }
  })();
  return nc;
}

const ensured = new WeakMap<NatsConnection, Set<string>>();

/** Creates (or leaves as is) the stream that holds `owner`'s events. Idempotent. */
export async function ensureStream(nc: NatsConnection, names: BusNames, owner: string): Promise<string> {
  const name = names.stream(owner);
  const done = ensured.get(nc) ?? new Set<string>();
  ensured.set(nc, done);
  if (done.has(name)) return name;
  const jsm: JetStreamManager = await jetstreamManager(nc, { timeout: 5_000 });
  const config = {
    name,
    subjects: owner === 'dlq' ? [names.subject('dlq.>')] : names.streamSubjects(owner),
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(14 * 24 * 3600 * 1000),
    duplicate_window: nanos(2 * 60 * 1000),
    num_replicas: 1,
  };
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add(config);
    } catch (err) {
      // another replica may have created it between info and add
      await jsm.streams.info(name).catch(() => {
        throw err;
      });
    }
  }
  done.add(name);
  return name;
}

/** Readiness: a round trip to the server within `ms`. */
export async function natsReachable(nc: NatsConnection | undefined, ms = 1_000): Promise<boolean> {
  if (!nc || nc.isClosed()) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      nc.rtt().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
