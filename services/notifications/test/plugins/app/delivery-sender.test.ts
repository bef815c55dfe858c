import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { validateEvent } from '@rian/proto-contracts/envelope';
import { DeliveryFailed, type Delivery } from '@rian/proto-contracts/notifications';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { emailCodeEmail } from '../../../src/domain/templates.js';
import { enqueueDelivery } from '../../../src/plugins/app/delivery-log.js';
import { DeliverySender } from '../../../src/plugins/app/delivery-sender.js';
import type { MailTransport, OutgoingMail } from '../../../src/plugins/app/mail-transport.js';
import { AuthBus, emailCodeEvent, TestSmtpServer } from '../../helpers.js';

/** Giving up: after MAIL_MAX_ATTEMPTS failed tries (or a refused recipient) the delivery fails and other services hear of it. */
describe('delivery sender, giving up', () => {
  let env: TestEnv;
  let smtp: TestSmtpServer;
  let bus: AuthBus;
  let app: ServiceApp;
  let staff: string;

  const deliveryTo = async (to: string): Promise<Delivery | undefined> => {
    const res = await app.inject({
      method: 'GET',
      url: `/deliveries?to=${encodeURIComponent(to)}`,
      headers: { authorization: `Bearer ${staff}` },
    });
    return res.json<{ items: Delivery[] }>().items[0];
  };

  const failedEventFor = async (deliveryId: string) => {
    const events = await bus.published('notifications', DeliveryFailed.type);
    return events.find((e) => (e.data as { deliveryId?: string }).deliveryId === deliveryId);
  };

  beforeAll(async () => {
    env = await createTestEnv();
    smtp = new TestSmtpServer(await freePort());
    await smtp.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    app = await buildApp(
      readConfig(
        env.envFor('notifications', {
          SMTP_URL: smtp.url,
          MAIL_MAX_ATTEMPTS: '3',
          MAIL_RETRY_BASE_MS: '100',
        }),
      ),
      { tokenKeys: issuer.keys },
    );
    await app.ready();
    bus = await AuthBus.open(env);
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await smtp?.stop();
    await env?.cleanup();
  });

  it('fails at once when the server refuses the recipient, and emits notifications.delivery.failed', async () => {
    await bus.publish(emailCodeEvent({ email: 'bounce@example.com' }));
    const d = await eventually(async () => {
      const found = await deliveryTo('bounce@example.com');
      return found?.status === 'failed' && found;
    });
    expect(d.attempts).toBe(1);
    expect(d.error).toMatch(/550|no such mailbox/);

    const event = await eventually(() => failedEventFor(d.id));
    validateEvent(DeliveryFailed, event);
    expect(event.data).toMatchObject({
      deliveryId: d.id,
      channel: 'email',
      to: 'bounce@example.com',
      attempts: 1,
    });
    expect(event.source).toBe('notifications');
  });

  it('fails after MAIL_MAX_ATTEMPTS tries while the server is down, and emits notifications.delivery.failed once', async () => {
    await smtp.stop();
    await bus.publish(emailCodeEvent({ email: 'down@example.com' }));
    const d = await eventually(async () => {
      const found = await deliveryTo('down@example.com');
      return found?.status === 'failed' && found;
    }, 15_000);
    expect(d.attempts).toBe(3);
    expect(d.error).toMatch(/ECONNREFUSED/);

    const event = await eventually(() => failedEventFor(d.id));
    validateEvent(DeliveryFailed, event);
    expect(event.data).toMatchObject({
      deliveryId: d.id,
      to: 'down@example.com',
      template: 'auth.email-code.register',
      attempts: 3,
    });

    // a failed delivery stays failed: no further tries once the server is back
    await smtp.start();
    await new Promise((r) => setTimeout(r, 800));
    expect(smtp.mailsTo('down@example.com')).toHaveLength(0);
    expect(await deliveryTo('down@example.com')).toMatchObject({ status: 'failed', attempts: 3 });
    const all = await bus.published('notifications', DeliveryFailed.type);
    expect(all.filter((e) => (e.data as { deliveryId?: string }).deliveryId === d.id)).toHaveLength(1);
  }, 30_000);

  it('sends each delivery once when several senders share the table', async () => {
    const message = emailCodeEmail({
      code: '3141',
      purpose: 'register',
      locale: 'th',
      expiresInSeconds: 600,
    });
    const addresses = Array.from({ length: 30 }, (_, i) => `crowd-${i}@example.com`);
    const sent: string[] = [];
    const slowTransport: MailTransport = {
      send: async (mail: OutgoingMail) => {
        await new Promise((r) => setTimeout(r, 15));
        sent.push(mail.to);
      },
      close: () => undefined,
    };
    const senders = [0, 1, 2].map(
      () =>
        new DeliverySender({
          orm: app.kit.orm,
          outbox: app.kit.outbox,
          logger: app.kit.logger,
          transport: slowTransport,
          maxAttempts: 3,
          retryBaseMs: 100,
          pollMs: 20,
        }),
    );
    await app.kit.orm.em.fork().transactional(async (em) => {
      for (const to of addresses) {
        await enqueueDelivery(em, {
          channel: 'email',
          to,
          template: 'test.crowd',
          locale: 'th',
          message,
          eventId: uuidv7(),
        });
      }
    });
    for (const s of senders) s.start();
    try {
      // the app's own sender (real SMTP) competes too
      await eventually(() => addresses.every((a) => sent.includes(a) || smtp.mailsTo(a).length > 0), 15_000);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await Promise.all(senders.map((s) => s.stop()));
    }
    for (const a of addresses) {
      expect(sent.filter((t) => t === a).length + smtp.mailsTo(a).length, a).toBe(1);
      expect(await deliveryTo(a)).toMatchObject({ status: 'sent', attempts: 1 });
    }
  }, 30_000);
});
