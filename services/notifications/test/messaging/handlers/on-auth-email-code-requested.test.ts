import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { EmailCodeRequested } from '@rian/proto-contracts/auth';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { AuthBus, emailCodeEvent, TestSmtpServer } from '../../helpers.js';

/**
 * auth → notifications → a real SMTP server: the code e-mail arrives once, in the asked language,
 * and the delivery log says it was sent.
 */
describe('on auth.email.code-requested, with SMTP', () => {
  let env: TestEnv;
  let smtp: TestSmtpServer;
  let bus: AuthBus;
  let app: ServiceApp;
  let staff: string;

  const deliveriesTo = async (to: string): Promise<Delivery[]> => {
    const res = await app.inject({
      method: 'GET',
      url: `/deliveries?to=${encodeURIComponent(to)}`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Delivery[] }>().items;
  };

  beforeAll(async () => {
    env = await createTestEnv();
    smtp = new TestSmtpServer(await freePort());
    await smtp.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff');
    app = await buildApp(
      readConfig(
        env.envFor('notifications', {
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Rian <no-reply@rian.test>',
          MAIL_RETRY_BASE_MS: '200',
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

  it('sends the Thai registration code e-mail and logs it as sent', async () => {
    const event = emailCodeEvent({
      email: 'somchai@example.com',
      code: '4821',
      locale: 'th',
      purpose: 'register',
    });
    await bus.publish(event);

    const [got] = await eventually(
      () => smtp.mailsTo('somchai@example.com').length > 0 && smtp.mailsTo('somchai@example.com'),
    );
    expect(got!.mailFrom).toBe('no-reply@rian.test');
    expect(got!.mail.subject).toBe('รหัสยืนยันการลงทะเบียน Rian');
    expect(got!.mail.text).toContain('4821');
    expect(got!.mail.text).toContain('10 นาที');
    expect(got!.mail.html).toContain('4821');

    const [d] = await eventually(async () => {
      const items = await deliveriesTo('somchai@example.com');
      return items[0]?.status === 'sent' && items;
    });
    expect(d).toMatchObject({
      channel: 'email',
      to: 'somchai@example.com',
      template: 'auth.email-code.register',
      locale: 'th',
      status: 'sent',
      attempts: 1,
      error: null,
      eventId: event.id,
    });
    expect(d!.sentAt).not.toBeNull();
  });

  it('sends the English password-reset e-mail when the event asks for English', async () => {
    await bus.publish(
      emailCodeEvent({
        email: 'jane@example.com',
        code: '0093',
        locale: 'en',
        purpose: 'password-reset',
        expiresInSeconds: 300,
      }),
    );
    const [got] = await eventually(
      () => smtp.mailsTo('jane@example.com').length > 0 && smtp.mailsTo('jane@example.com'),
    );
    expect(got!.mail.subject).toBe('Your Rian password reset code');
    expect(got!.mail.text).toContain('0093');
    expect(got!.mail.text).toContain('5 minutes');
    const items = await eventually(async () => {
      const list = await deliveriesTo('jane@example.com');
      return list[0]?.status === 'sent' && list;
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ template: 'auth.email-code.password-reset', locale: 'en' });
  });

  it('sends one e-mail when the same event is delivered twice', async () => {
    const event = emailCodeEvent({ email: 'twice@example.com', code: '7777' });
    await bus.publish(event);
    // the same envelope again under another message id: JetStream keeps both, so the consumer sees it twice
    const secondSeq = await bus.publish(event, `${event.id}-redelivered`);
    await eventually(async () => (await bus.ackedUpTo(EmailCodeRequested.type)) >= secondSeq);
    await eventually(() => smtp.mailsTo('twice@example.com').length > 0);
    // give a wrongly queued second e-mail time to go out before counting
    await new Promise((r) => setTimeout(r, 1_000));

    expect(smtp.mailsTo('twice@example.com')).toHaveLength(1);
    const items = await deliveriesTo('twice@example.com');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ eventId: event.id, status: 'sent' });
  });

  it('keeps retrying while the SMTP server is down and sends once it is back', async () => {
    await smtp.stop();
    const event = emailCodeEvent({ email: 'retry@example.com', code: '2468' });
    await bus.publish(event);

    const [failing] = await eventually(async () => {
      const items = await deliveriesTo('retry@example.com');
      return (items[0]?.attempts ?? 0) >= 1 && items;
    });
    expect(failing).toMatchObject({ status: 'pending' });
    expect(failing!.error).toMatch(/ECONNREFUSED|connect/i);
    expect(smtp.mailsTo('retry@example.com')).toHaveLength(0);

    await smtp.start();
    const [sent] = await eventually(async () => {
      const items = await deliveriesTo('retry@example.com');
      return items[0]?.status === 'sent' && items;
    }, 20_000);
    expect(sent!.attempts).toBeGreaterThanOrEqual(2);
    expect(sent!.error).toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    const mails = smtp.mailsTo('retry@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.text).toContain('2468');
  }, 40_000);
});
