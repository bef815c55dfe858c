import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { durableName } from '@rian/kit/consumer';
import { BusNames, ensureStream } from '@rian/kit/nats';
import { eventually, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import {
  buildEvent,
  type Envelope,
  type EventContract,
  type EventData,
} from '@rian/proto-contracts/envelope';
import { ProductChanged, ProductDeleted } from '@rian/proto-contracts/catalog';
import {
  InstallmentPlanChanged,
  InstallmentPlanDeleted,
  PriceChanged,
  ProductCoursesChanged,
} from '@rian/proto-contracts/catalog-commerce';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

/** A clock the test moves by hand: "today" in Asia/Bangkok is computed from it. */
export class TestClock {
  constructor(public at: Date) {}
  readonly now = (): Date => this.at;
}

/** Orders on the test's namespace; `tokenKeys`: a TestTokenIssuer's keys, for calls as a member or staff. */
export async function startOrders(
  env: TestEnv,
  clock?: TestClock,
  opts: { tokenKeys?: KeySource; env?: Record<string, string> } = {},
): Promise<ServiceApp> {
  const app = await buildApp(readConfig(env.envFor('orders', { PORT: '0', ...opts.env })), {
    ...(clock ? { clock: clock.now } : {}),
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
  });
  await app.ready();
  return app;
}

/**
 * Publishes catalog events the way catalog's outbox relay does — into the namespaced CATALOG
 * stream, `Nats-Msg-Id` = event id — with no catalog running.
 */
export class CatalogBus {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly names: BusNames,
  ) {}

  static async open(env: TestEnv): Promise<CatalogBus> {
    const nc = await connect({ servers: env.envFor('orders').NATS_URL });
    const names = new BusNames(env.namespace);
    await ensureStream(nc, names, 'catalog');
    return new CatalogBus(nc, names);
  }

  /** `msgId` defaults to the event id (publish dedup); give another to deliver the same event twice. */
  async publish(event: Envelope, msgId: string = event.id): Promise<number> {
    const ack = await jetstream(this.nc).publish(this.names.subject(event.type), JSON.stringify(event), {
      msgID: msgId,
    });
    return ack.seq;
  }

  /** Publishes and waits until orders' consumer of that subject has acked it (applied or skipped). */
  async deliver(event: Envelope, msgId?: string): Promise<void> {
    const seq = await this.publish(event, msgId);
    await eventually(async () => (await this.ackedUpTo(event.type)) >= seq, 15_000);
  }

  async ackedUpTo(type: string): Promise<number> {
    const jsm = await jetstreamManager(this.nc);
    const info = await jsm.consumers
      .info(this.names.stream('catalog'), durableName('orders', type))
      .catch(() => undefined);
    return info?.ack_floor.stream_seq ?? 0;
  }

  async close(): Promise<void> {
    await this.nc.close();
  }
}

const event = <C extends EventContract>(contract: C, data: EventData<C>) =>
  buildEvent(contract, data, { source: 'catalog' });

export const newId = () => uuidv7();

export function productChanged(productId: string, extra: Partial<EventData<typeof ProductChanged>> = {}) {
  return event(ProductChanged, {
    productId,
    url: `course-${productId.slice(-6)}`,
    title: 'คอร์สเทรดทองคำ (Gold trading)',
    price: 150_000,
    disable: 'N',
    book: 'N',
    coinPay: 'N',
    coursesId: null,
    hasLineToken: false,
    hasTelegramToken: false,
    changedAt: '2026-03-01T03:00:00.000Z',
    ...extra,
  });
}

export function productDeleted(productId: string) {
  return event(ProductDeleted, { productId, url: 'gone', deletedAt: '2026-03-20T03:00:00.000Z' });
}

export function priceChanged(
  productId: string,
  priceId: string,
  extra: Partial<EventData<typeof PriceChanged>> = {},
) {
  return event(PriceChanged, {
    priceId,
    productId,
    type: 'NL',
    member: 'NL',
    value: 150_000,
    show: 'N',
    start: null,
    to: null,
    title: 'ราคาปกติ',
    detail: null,
    fee: 'N',
    removed: false,
    revision: 1,
    changedAt: '2026-03-01T03:00:00.000Z',
    ...extra,
  });
}

export function coursesChanged(productId: string, courseIds: string[], revision: number) {
  return event(ProductCoursesChanged, {
    productId,
    courseIds,
    revision,
    changedAt: '2026-03-01T03:00:00.000Z',
  });
}

export function planChanged(
  productId: string,
  planId: string,
  extra: Partial<EventData<typeof InstallmentPlanChanged>> = {},
) {
  return event(InstallmentPlanChanged, {
    planId,
    productId,
    name: 'ผ่อน 3 เดือน',
    detail: null,
    type: 'all',
    count: 3,
    start: null,
    to: null,
    emails: [],
    revision: 1,
    changedAt: '2026-03-01T03:00:00.000Z',
    ...extra,
  });
}

export function planDeleted(productId: string, planId: string) {
  return event(InstallmentPlanDeleted, { planId, productId, deletedAt: '2026-03-20T03:00:00.000Z' });
}

/** Rows of a read-model table for one key (to see what a handler stored, or did not). */
export async function rows(
  app: ServiceApp,
  sql: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  return (await app.kit.orm.em.fork().execute(sql, params as never[])) as Record<string, unknown>[];
}
