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

/** How the streams a connection creates are kept: EVENTS_STREAM_* (kit config). */
export interface StreamSettings {
  replicas: number;
  maxAgeDays: number;
  /** 0: no limit */
  maxBytes: number;
}

export const DEFAULT_STREAM_SETTINGS: StreamSettings = { replicas: 1, maxAgeDays: 14, maxBytes: 0 };

const streamSettings = new WeakMap<NatsConnection, StreamSettings>();

export async function connectNats(
  url: string,
  name: string,
  logger: Logger,
  streams: StreamSettings = DEFAULT_STREAM_SETTINGS,
): Promise<NatsConnection> {
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
  streamSettings.set(nc, streams);
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

/**
 * Creates the stream that holds `owner`'s events, or brings an existing one to the connection's
 * stream settings (replicas, age, bytes; a change of replicas needs a cluster with that many
 * servers). Idempotent.
 */
export async function ensureStream(nc: NatsConnection, names: BusNames, owner: string): Promise<string> {
  const name = names.stream(owner);
  const done = ensured.get(nc) ?? new Set<string>();
  ensured.set(nc, done);
  if (done.has(name)) return name;
  const jsm: JetStreamManager = await jetstreamManager(nc, { timeout: 5_000 });
  const settings = streamSettings.get(nc) ?? DEFAULT_STREAM_SETTINGS;
  const config = {
    name,
    subjects: owner === 'dlq' ? [names.subject('dlq.>')] : names.streamSubjects(owner),
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(settings.maxAgeDays * 24 * 3600 * 1000),
    max_bytes: settings.maxBytes > 0 ? settings.maxBytes : -1,
    duplicate_window: nanos(2 * 60 * 1000),
    num_replicas: settings.replicas,
  };
  let existing;
  try {
    existing = await jsm.streams.info(name);
  } catch {
    existing = undefined;
  }
  if (existing) {
    const c = existing.config;
    if (
      c.num_replicas !== config.num_replicas ||
      c.max_age !== config.max_age ||
      c.max_bytes !== config.max_bytes
    ) {
      try {
        await jsm.streams.update(name, {
          num_replicas: config.num_replicas,
          max_age: config.max_age,
          max_bytes: config.max_bytes,
        });
      } catch (err) {
        throw new Error(
          `stream ${name}: cannot apply EVENTS_STREAM_REPLICAS=${settings.replicas} / MAX_AGE_DAYS / MAX_BYTES: ${(err as Error).message}`,
          { cause: err },
        );
      }
    }
  } else {
    try {
      await jsm.streams.add(config);
    } catch (err) {
      // another replica may have created it between info and add
      await jsm.streams.info(name).catch(() => {
        throw new Error(
          `stream ${name}: cannot create it with EVENTS_STREAM_REPLICAS=${settings.replicas}: ${(err as Error).message}`,
          { cause: err },
        );
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
