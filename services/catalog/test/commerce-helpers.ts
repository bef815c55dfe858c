import { expect } from 'vitest';
import { eventually, publishedEvents, type TestEnv, type TestTokenIssuer } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import {
  validateEvent,
  type Envelope,
  type EventContract,
  type EventData,
} from '@rian/proto-contracts/envelope';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { productBody } from './helpers.js';

/** A clock the test moves by hand: "today" in Asia/Bangkok is computed from it. */
export class TestClock {
  constructor(public at: Date) {}
  set(iso: string): void {
    this.at = new Date(iso);
  }
  readonly now = (): Date => this.at;
}

export async function startCatalogAt(
  env: TestEnv,
  issuer: TestTokenIssuer,
  clock: TestClock,
  extra: Record<string, string> = {},
): Promise<ServiceApp> {
  const app = await buildApp(readConfig(env.envFor('catalog', { PORT: '0', ...extra })), {
    tokenKeys: issuer.keys,
    clock: clock.now,
  });
  await app.ready();
  return app;
}

export const PROBLEM = 'application/problem+json';

/** Creates a product through the staff route and returns it. */
export async function newProduct(
  app: ServiceApp,
  staff: Record<string, string>,
  extra: Parameters<typeof productBody>[0] = {},
): Promise<ProductStaff> {
  const res = await app.inject({
    method: 'POST',
    url: '/admin/products',
    headers: staff,
    payload: productBody(extra),
  });
  expect(res.statusCode).toBe(201);
  return res.json<ProductStaff>();
}

/**
 * The first event of `contract` the catalog really published (read back from JetStream) whose data
 * matches, checked against the contract.
 */
export async function publishedEvent<C extends EventContract>(
  env: TestEnv,
  contract: C,
  match: (data: EventData<C>) => boolean,
): Promise<Envelope<EventData<C>>> {
  const event = await eventually(async () =>
    (await publishedEvents<EventData<C>>(env.namespace, 'catalog', contract.type)).find((e) => match(e.data)),
  );
  validateEvent(contract, event);
  return event;
}

/** Every outbox row ever written of a type (published or not): "no event" is exact, not a wait. */
export async function outboxCount(app: ServiceApp, type?: string): Promise<number> {
  const rows = (await app.kit.orm.em
    .fork()
    .execute(
      type
        ? 'select count(*)::int as n from kit_outbox where type = ?'
        : 'select count(*)::int as n from kit_outbox',
      type ? [type] : [],
    )) as { n: number }[];
  return rows[0]?.n ?? 0;
}
