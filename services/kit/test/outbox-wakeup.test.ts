import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, type ServiceApp } from '../src/service.js';
import { createTestEnv, eventually, type TestEnv } from '../src/testing.js';
import { Note, NoteCreated, noteMigrations, testConfig } from './fixtures.js';

/**
 * The relay is woken by the commit that wrote an event, not by its poll. With the poll set to a
 * minute, an event reaches NATS within moments only if the wake-up works — also when a relay pass
 * ran (and committed its own transaction) between the business flush and the business commit.
 */
describe('outbox wake-up', () => {
  let env: TestEnv;
  let producer: ServiceApp;

  beforeAll(async () => {
    env = await createTestEnv();
    producer = await buildService({
      name: 'kittest',
      description: 'producer with a slow poll',
      config: testConfig(env.envFor('kittest')),
      entities: [Note],
      migrations: noteMigrations,
      outboxPollMs: 60_000,
      routes: async (app) => {
        app.post<{ Body: { text: string; holdCommit?: boolean } }>('/notes', async (req, reply) => {
          await app.kit.orm.em.fork().transactional(async (tem) => {
            const n = tem.create(Note, { id: randomUUID(), text: req.body.text, createdAt: new Date() });
            app.kit.outbox.add(tem, NoteCreated, { noteId: n.id, text: n.text });
            const passes = app.kit.outbox.stats.passes;
            await tem.flush();
            // the flush woke the relay: let it find nothing (the row is not committed yet), commit its
            // own pass and settle before this transaction commits
            if (req.body.holdCommit) {
              await eventually(() => app.kit.outbox.stats.passes > passes, 5_000, 5);
              await new Promise((r) => setTimeout(r, 300));
            }
          });
          return reply.status(201).send({});
        });
      },
    });
    await producer.ready();
    // the relay's first pass at start
    await eventually(() => producer.kit.outbox.stats.passes > 0);
  });

  afterAll(async () => {
    await producer?.close();
    await env?.cleanup();
  });

  const publishedWithin = async (text: string, holdCommit: boolean) => {
    const before = producer.kit.outbox.stats.published;
    const t0 = Date.now();
    const res = await producer.inject({ method: 'POST', url: '/notes', payload: { text, holdCommit } });
    expect(res.statusCode).toBe(201);
    await eventually(() => producer.kit.outbox.stats.published > before, 20_000, 5);
    return Date.now() - t0;
  };

  it('publishes right after the commit, not at the next poll', async () => {
    expect(await publishedWithin('plain', false)).toBeLessThan(5_000);
  });

  it('publishes right after the commit even when a relay pass committed between flush and commit', async () => {
    expect(await publishedWithin('held', true)).toBeLessThan(5_000);
    expect(await producer.kit.outbox.pending()).toBe(0);
  });
});
