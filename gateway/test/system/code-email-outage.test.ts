/**
 * The code e-mail survives NATS being away: auth and notifications on a NATS server of this test's
 * own, which the test stops. Asking for a code still succeeds (the event waits in auth's outbox);
 * once NATS is back the e-mail goes out — once, even when the event is delivered again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import {
  createTestEnv,
  eventually,
  freePort,
  OwnNatsServer,
  publishedEvents,
  type TestEnv,
} from '@rian/kit/testing';
import { TestSmtpServer } from '@rian/kit/testing-smtp';
import { BusNames } from '@rian/kit/nats';
import { buildApp as buildAuth } from '@rian/auth/app';
import { readConfig as authConfig } from '@rian/auth/config';
import { buildApp as buildNotifications } from '@rian/notifications/app';
import { readConfig as notificationsConfig } from '@rian/notifications/config';

let env: TestEnv;
let nats: OwnNatsServer;
let smtp: TestSmtpServer;
let auth: FastifyInstance;
let notifications: FastifyInstance;

beforeAll(async () => {
  env = await createTestEnv();
  nats = await OwnNatsServer.create();
  await nats.start();
  smtp = new TestSmtpServer(await freePort());
  await smtp.start();
  auth = await buildAuth(authConfig(env.envFor('auth', { NATS_URL: nats.url })));
  notifications = await buildNotifications(
    notificationsConfig(env.envFor('notifications', { NATS_URL: nats.url, SMTP_URL: smtp.url })),
  );
  await auth.ready();
  await notifications.ready();
}, 60_000);

afterAll(async () => {
  await auth?.close();
  await notifications?.close();
  await smtp?.stop();
  await nats?.dispose();
  await env?.cleanup();
});

describe('code e-mail while NATS is down', () => {
  it('the request succeeds, and the e-mail goes out once NATS is back', async () => {
    await nats.stop();
    const res = await auth.inject({
      method: 'POST',
      url: '/register/code',
      payload: { email: 'outage@example.com' },
    });
    expect(res.statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await auth.kit.outbox.pending()).toBe(1);
    expect(smtp.mailsTo('outage@example.com')).toHaveLength(0);

    await nats.start();
    await eventually(() => smtp.mailsTo('outage@example.com').length > 0, 45_000, 200);
    expect(await auth.kit.outbox.pending()).toBe(0);
  }, 90_000);

  it('the same event delivered again sends no second e-mail', async () => {
    const [event] = await publishedEvents(env.namespace, 'auth', 'auth.email.code-requested', nats.url);
    expect(event).toBeDefined();
    const nc = await connect({ servers: nats.url });
    // a second copy under another Nats-Msg-Id gets past JetStream's de-duplication, as a redelivery would
    await jetstream(nc).publish(new BusNames(env.namespace).subject(event!.type), JSON.stringify(event), {
      msgID: 'replayed-copy',
    });
    await nc.close();
    await new Promise((r) => setTimeout(r, 2_000));
    expect(smtp.mailsTo('outage@example.com')).toHaveLength(1);
  });
});
