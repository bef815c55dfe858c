import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Envelope, EventContract } from '@rian/proto-contracts/envelope';
import { validateEvent } from '@rian/proto-contracts/envelope';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { bearer, productBody } from './helpers.js';

export const PROBLEM = 'application/problem+json';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A catalog on the real servers, with a staff and a member token, and the calls the content tests share. */
export interface ContentWorld {
  env: TestEnv;
  issuer: TestTokenIssuer;
  app: ServiceApp;
  staff: Record<string, string>;
  staffSub: string;
  member: Record<string, string>;
  call(
    method: Method,
    url: string,
    opts?: { payload?: unknown; headers?: Record<string, string>; query?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  product(extra?: Parameters<typeof productBody>[0]): Promise<ProductStaff>;
  /** rows written for publishing so far (the relay marks rows, it never deletes them) */
  outboxRows(): Promise<number>;
  rows(table: string): Promise<number>;
  sql(query: string, params?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/** `clock` pins the app's "now" (the month of the instructor of the month). */
export async function contentWorld(
  opts: { env?: Record<string, string>; clock?: () => Date } = {},
): Promise<ContentWorld> {
  const env = await createTestEnv();
  const issuer = await TestTokenIssuer.create();
  const app = await buildApp(readConfig(env.envFor('catalog', { PORT: '0', ...opts.env })), {
    tokenKeys: issuer.keys,
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  await app.ready();
  const staffSub = crypto.randomUUID();
  const staff = bearer(await issuer.staff('staff', staffSub));
  const member = bearer(await issuer.member());
  const count = async (query: string) =>
    ((await app.kit.orm.em.fork().execute(query)) as { n: number }[])[0]?.n ?? 0;
  const world: ContentWorld = {
    env,
    issuer,
    app,
    staff,
    staffSub,
    member,
    call: (method, url, opts = {}) => {
      const req: InjectOptions = { method, url };
      if (opts.headers) req.headers = opts.headers;
      if (opts.query) req.query = opts.query;
      if (opts.payload !== undefined) req.payload = opts.payload as InjectOptions['payload'];
      return app.inject(req);
    },
    product: async (extra = {}) => {
      const res = await app.inject({
        method: 'POST',
        url: '/admin/products',
        headers: staff,
        payload: productBody(extra),
      });
      expect(res.statusCode).toBe(201);
      return res.json<ProductStaff>();
    },
    outboxRows: () => count('select count(*)::int as n from kit_outbox'),
    rows: (table) => count(`select count(*)::int as n from ${table}`),
    sql: (query, params = []) => app.kit.orm.em.fork().execute(query, params),
    close: async () => {
      await app.close();
      await env.cleanup();
    },
  };
  return world;
}

/**
 * The event of `contract` that `match` picks, as JetStream holds it (published by the relay),
 * checked against the contract.
 */
export async function publishedEvent<T>(
  world: ContentWorld,
  contract: EventContract,
  match: (data: T) => boolean,
): Promise<Envelope<T>> {
  const event = await eventually(async () => {
    const all = await publishedEvents<T>(world.env.namespace, 'catalog', contract.type);
    return all.find((e) => match(e.data));
  });
  expect(() => validateEvent(contract, event)).not.toThrow();
  expect(event.source).toBe('catalog');
  return event;
}

/** How many events of `contract` JetStream holds now. */
export async function eventCount(world: ContentWorld, contract: EventContract): Promise<number> {
  return (await publishedEvents(world.env.namespace, 'catalog', contract.type)).length;
}

/** A 400 validation problem with `field` → `message` (Thai unless asked otherwise). */
export function expectFieldError(res: LightMyRequestResponse, field: string, message: string): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toContain(PROBLEM);
  const problem = res.json<{ code: string; errors: { field: string; message: string }[] }>();
  expect(problem.code).toBe('validation.failed');
  expect(problem.errors).toContainEqual(expect.objectContaining({ field, message }));
}

export function expectProblem(res: LightMyRequestResponse, status: number, code: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain(PROBLEM);
  expect(res.json()).toMatchObject({ code });
}

/**
 * Staff routes refuse anonymous callers (401 auth.unauthenticated), tokens signed by another key
 * (401) and members (403 auth.forbidden), whatever the body.
 */
export async function expectStaffOnly(
  world: ContentWorld,
  routes: readonly (readonly [Method, string, unknown?])[],
): Promise<void> {
  const foreign = bearer(await (await TestTokenIssuer.create()).staff('admin'));
  const premium = bearer(await world.issuer.member(undefined, { status: 'Premium' }));
  for (const [method, url, payload] of routes) {
    const opts = payload === undefined ? {} : { payload };
    const anon = await world.call(method, url, opts);
    expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
    expect(anon.json()).toMatchObject({ code: 'auth.unauthenticated' });
    const forged = await world.call(method, url, { ...opts, headers: foreign });
    expect(forged.statusCode, `${method} ${url} foreign key`).toBe(401);
    for (const headers of [world.member, premium]) {
      const res = await world.call(method, url, { ...opts, headers });
      expect(res.statusCode, `${method} ${url} member`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
    }
  }
}

/** Public routes answer anyone: anonymous, a member and staff get the same 200. */
export async function expectOpenToAll(world: ContentWorld, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const answers = [
      await world.call('GET', url),
      await world.call('GET', url, { headers: world.member }),
      await world.call('GET', url, { headers: world.staff }),
    ];
    for (const res of answers) expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    expect(answers[1]?.json()).toEqual(answers[0]?.json());
    expect(answers[2]?.json()).toEqual(answers[0]?.json());
  }
}
