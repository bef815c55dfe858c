import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildService } from '../src/service.js';
import { createTestEnv, type TestEnv } from '../src/testing.js';
import { noteMigrations, testConfig } from './fixtures.js';

/**
 * Closing a service waits for its workers, but not for ever: a part that never finishes stopping is
 * named in the log and left behind after its time (10 s), and the close completes — a process can
 * end, a test gets its hook back.
 */
describe('service close', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  it('names a worker that never stops and completes the close without it', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await buildService({
      name: 'kitclose',
      description: 'a service with a stuck worker',
      config: testConfig(env.envFor('kitclose')),
      entities: [],
      migrations: noteMigrations,
      logger: pino({ level: 'info' }, sink),
      routes: async () => undefined,
      background: () => [{ start: () => undefined, stop: () => new Promise<void>(() => undefined) }],
    });
    await app.ready();
    const t0 = Date.now();
    await app.close();
    const took = Date.now() - t0;
    expect(took).toBeGreaterThanOrEqual(9_500);
    expect(took).toBeLessThan(20_000);
    const warning = lines.map((l) => JSON.parse(l) as { part?: string; msg: string }).find((l) => l.part);
    expect(warning).toMatchObject({
      part: 'background work',
      msg: expect.stringContaining('still stopping'),
    });
  }, 30_000);
});
