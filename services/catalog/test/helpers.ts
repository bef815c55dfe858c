import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { Envelope } from '@rian/proto-contracts/envelope';
import { BusNames } from '@rian/kit/nats';
import { eventually, type TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { ProductCreateBody } from '@rian/proto-contracts/catalog';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

export async function startCatalog(
  env: TestEnv,
  issuer: TestTokenIssuer,
  extra: Record<string, string> = {},
): Promise<ServiceApp> {
  const app = await buildApp(readConfig(env.envFor('catalog', { PORT: '0', ...extra })), {
    tokenKeys: issuer.keys,
  });
  await app.ready();
  return app;
}

export type StoredEvent = Envelope<Record<string, unknown>>;

/** Reads what the catalog really published: every message of the test namespace's CATALOG stream, in order. */
export class CatalogStream {
  readonly events: StoredEvent[] = [];
  /** event id → the subject it was published on */
  readonly subjects = new Map<string, string>();
  private nextSeq = 1;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    readonly name: string,
  ) {}

  static async open(env: TestEnv): Promise<CatalogStream> {
    const nc = await connect({ servers: env.envFor('catalog').NATS_URL });
    return new CatalogStream(nc, await jetstreamManager(nc), new BusNames(env.namespace).stream('catalog'));
  }

  /** Pulls the messages stored since the last read (none while the stream does not exist yet). */
  async read(): Promise<StoredEvent[]> {
    const info = await this.jsm.streams.info(this.name).catch(() => undefined);
    if (!info) return this.events;
    for (; this.nextSeq <= info.state.last_seq; this.nextSeq++) {
      const m = await this.jsm.streams.getMessage(this.name, { seq: this.nextSeq });
      if (!m) continue;
      const event = m.json<StoredEvent>();
      this.events.push(event);
      this.subjects.set(event.id, m.subject);
    }
    return this.events;
  }

  async waitFor(match: (e: StoredEvent) => boolean, timeoutMs = 10_000): Promise<StoredEvent> {
    return eventually(async () => (await this.read()).find(match), timeoutMs);
  }

  async close(): Promise<void> {
    await this.nc.close();
  }
}

let n = 0;
/** A valid create body with a url of its own. */
export function productBody(extra: Partial<ProductCreateBody> = {}): ProductCreateBody {
  n += 1;
  return {
    url: `test-product-${Date.now().toString(36)}-${n}`,
    title: `คอร์สทดสอบ ${n} (Test course ${n})`,
    price: 150_000,
    ...extra,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
