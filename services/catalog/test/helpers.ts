import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { Envelope } from '@rian/proto-contracts/envelope';
import { BusNames } from '@rian/kit/nats';
import { eventually, type TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { ProductCreateBody } from '@rian/proto-contracts/catalog';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { CourseChanged } from '@rian/proto-contracts/learning';
import { MemberGroupChanged } from '@rian/proto-contracts/learning-groups';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { TestBus } from '@rian/kit/testing-bus';
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

/**
 * Courses learning has, as catalog hears of them: one `learning.course.changed` per title, published
 * the way learning's relay does, and waited for until catalog has applied it. Returns their ids.
 */
export async function learningCourses<T extends string[]>(
  env: TestEnv,
  ...titles: T
): Promise<{ [K in keyof T]: string }> {
  const bus = await TestBus.open(env, 'learning');
  try {
    const events = titles.map((title) =>
      buildEvent(
        CourseChanged,
        { courseId: uuidv7(), title, code: null, status: 'open', changedAt: new Date().toISOString() },
        { source: 'learning' },
      ),
    );
    const last = events.pop();
    for (const event of events) await bus.publish(event);
    // the ack floor only passes the last once every earlier one is applied too
    if (last) await bus.deliver(last, 'catalog');
    return [...events, ...(last ? [last] : [])].map((e) => e.data.courseId) as { [K in keyof T]: string };
  } finally {
    await bus.close();
  }
}

/**
 * Member groups learning has, as catalog hears of them (issue 16): one `learning.member-group.changed`
 * each, waited for until catalog has applied it. Returns their ids.
 */
export async function learningGroups(env: TestEnv, count: number): Promise<string[]> {
  const bus = await TestBus.open(env, 'learning');
  try {
    const events = Array.from({ length: count }, (_, i) =>
      buildEvent(
        MemberGroupChanged,
        {
          id: uuidv7(),
          courseId: uuidv7(),
          type: i % 2 ? 'line' : 'facebook',
          name: `group ${i}`,
          hidden: 'N',
          changedAt: new Date().toISOString(),
        },
        { source: 'learning' },
      ),
    );
    const last = events.at(-1);
    for (const event of events.slice(0, -1)) await bus.publish(event);
    if (last) await bus.deliver(last, 'catalog');
    return events.map((e) => e.data.id);
  } finally {
    await bus.close();
  }
}
