import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { cleanupNamespace, freePort, newNamespace } from '@rian/kit/testing';
import type { KeySource } from '@rian/kit/tokens';
import { buildGateway } from '../src/app.js';
import { readConfig } from '../src/config.js';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const PROBLEM = 'application/problem+json';

/** A small real server on a free port, standing in for one of our services. */
export interface StandIn {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function standIn(setup: (app: FastifyInstance) => void | Promise<void>): Promise<StandIn> {
  // forceCloseConnections: a stand-in that never answers must still let the test end.
  const app = Fastify({ forceCloseConnections: true });
  await setup(app);
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

/** A base URL nobody listens on: connections are refused at once. */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

export interface TestGateway {
  app: FastifyInstance;
  namespace: string;
  close(): Promise<void>;
}

/**
 * A gateway with its own Redis namespace. Every upstream URL not given points at a dead port, so
 * a test never reaches a service that happens to run on this machine.
 */
export async function startGateway(
  env: Record<string, string> = {},
  opts: { tokenKeys?: KeySource } = {},
): Promise<TestGateway> {
  const namespace = env.RIAN_NAMESPACE ?? newNamespace('gw');
  const dead = await deadUrl();
  const config = readConfig({
    REDIS_URL,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: join(tmpdir(), `rian-no-dist-${namespace}`),
    AUTH_URL: dead,
    CATALOG_URL: dead,
    NOTIFICATIONS_URL: dead,
    ORDERS_URL: dead,
    PAYMENTS_URL: dead,
    LEARNING_URL: dead,
    BOOKINGS_URL: dead,
    MEDIA_URL: dead,
    // the tests' stand-ins are these three unless a test says otherwise
    GATEWAY_SERVICES: 'auth,catalog,notifications',
    ...env,
    RIAN_NAMESPACE: namespace,
  });
  const app = await buildGateway(config, opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {});
  await app.ready();
  return {
    app,
    namespace,
    close: async () => {
      await app.close();
      await cleanupNamespace(namespace, []);
    },
  };
}

/** A fake Vite build: index.html, a hashed asset and a plain file. */
export function fakeDist(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'rian-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root">rian-spa-index</div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-B1a2c3d4.js'), 'console.info("rian asset")');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - start };
}
