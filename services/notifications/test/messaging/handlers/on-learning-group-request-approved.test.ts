import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { UserRegistered } from '@rian/proto-contracts/auth';
import { GroupRequestApproved } from '@rian/proto-contracts/learning-groups';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { groupConfirmedEmail } from '../../../src/domain/group-templates.js';
import { TestSmtpServer } from '../../helpers.js';

const registered = (userId: string, email: string) =>
  buildEvent(
    UserRegistered,
    {
      userId,
      email,
      firstName: 'Somchai',
      lastName: 'Jaidee',
      nickname: null,
      phone: '0812345678',
      status: 'Premium',
      memberCode: 'M0001',
      registeredAt: '2026-04-01T00:00:00.000Z',
    },
    { source: 'auth' },
  );

const approved = (userId: string) =>
  buildEvent(
    GroupRequestApproved,
    {
      id: uuidv7(),
      userId,
      groupId: uuidv7(),
      groupType: 'line',
      groupName: 'Forex Basics — LINE',
      groupUrl: 'https://line.me/R/ti/g/fx',
      courseId: uuidv7(),
      courseTitle: 'Forex Basics',
      code: 'FX01-001',
      note: 'ยินดีต้อนรับ',
      approvedBy: 'staff-1',
      approvedAt: '2026-11-26T04:00:00.000Z',
    },
    { source: 'learning' },
  );

/** learning.group-request.approved → the ConfirmGroup e-mail (spec ConfirmGroup), over real SMTP, once. */
describe('ConfirmGroup', () => {
  let env: TestEnv;
  let smtp: TestSmtpServer;
  let app: ServiceApp;
  let staff: string;
  let learning: TestBus;
  let auth: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    smtp = new TestSmtpServer(await freePort());
    await smtp.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    learning = await TestBus.open(env, 'learning');
    auth = await TestBus.open(env, 'auth');
    app = await buildApp(
      readConfig(env.envFor('notifications', { SITE_URL: 'https://rian.example', SMTP_URL: smtp.url })),
      { tokenKeys: issuer.keys },
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    for (const bus of [learning, auth]) await bus?.close();
    await smtp?.stop();
    await env?.cleanup();
  });

  const forEvent = async (eventId: string): Promise<Delivery[]> => {
    const res = await app.inject({
      method: 'GET',
      url: `/deliveries?pageSize=100`,
      headers: { authorization: `Bearer ${staff}` },
    });
    return res.json<{ items: Delivery[] }>().items.filter((d) => d.eventId === eventId);
  };

  it('e-mails the member once (Thai), though the event arrives twice', async () => {
    const userId = uuidv7();
    await auth.deliver(registered(userId, 'joiner@example.com'), 'notifications');
    const event = approved(userId);
    await learning.deliver(event, 'notifications');
    await learning.deliver(event, 'notifications', `${event.id}-again`);
    const [row] = await eventually(async () => {
      const rows = await forEvent(event.id);
      return rows.length > 0 && rows.every((d) => d.status === 'sent') && rows;
    });
    expect(await forEvent(event.id)).toHaveLength(1);
    expect(row).toMatchObject({
      channel: 'email',
      template: 'learning.group-confirmed',
      to: 'joiner@example.com',
    });
    const mails = smtp.mailsTo('joiner@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.subject).toBe('ยืนยันการเข้ากลุ่ม LINE คอร์ส Forex Basics - Rian');
    expect(mails[0]!.mail.text).toContain('ลิงก์กลุ่ม: https://line.me/R/ti/g/fx');
    expect(mails[0]!.mail.text).toContain('รหัสของคุณในกลุ่ม: FX01-001');
    expect(mails[0]!.mail.text).toContain('หมายเหตุจากเจ้าหน้าที่: ยินดีต้อนรับ');
  });

  it('without a known address: nothing is sent or logged', async () => {
    const event = approved(uuidv7());
    await learning.deliver(event, 'notifications');
    expect(await forEvent(event.id)).toEqual([]);
  });

  it('the English text; HTML escaped', () => {
    const m = groupConfirmedEmail({
      groupType: 'facebook',
      groupName: '<b>FX</b>',
      groupUrl: 'https://facebook.com/groups/fx',
      courseTitle: 'Forex',
      code: null,
      note: null,
      siteUrl: 'https://rian.example/',
      locale: 'en',
    });
    expect(m.subject).toBe('You have joined the Facebook group of Forex - Rian');
    expect(m.text).not.toContain('code');
    expect(m.text).toContain('https://rian.example/member');
    expect(m.html).toContain('&lt;b&gt;FX&lt;/b&gt;');
  });
});
