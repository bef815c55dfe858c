import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { BookingMailRequested } from '@rian/proto-contracts/bookings';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { bookingMailEmail } from '../../../src/domain/booking-templates.js';
import { TestSmtpServer } from '../../helpers.js';

const mailRequested = (extra: Partial<EventData<typeof BookingMailRequested>> = {}) =>
  buildEvent(
    BookingMailRequested,
    {
      bookingId: uuidv7(),
      productId: uuidv7(),
      productTitle: 'เวิร์กช็อปเทรดทอง (Gold workshop)',
      userId: null,
      email: 'booker@example.com',
      name: 'สมศรี',
      lname: 'มีสุข',
      status: 'wait',
      confirm: 'Y',
      quantity: 2,
      lang: 'th',
      requestedBy: 'staff-1',
      requestedAt: '2026-11-26T04:00:00.000Z',
      ...extra,
    },
    { source: 'bookings' },
  );

/** bookings.booking.mail-requested → the booking e-mail (spec 02 §7 sendMailById), over real SMTP, once per request. */
describe('booking e-mail', () => {
  let env: TestEnv;
  let smtp: TestSmtpServer;
  let app: ServiceApp;
  let staff: string;
  let bookings: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    smtp = new TestSmtpServer(await freePort());
    await smtp.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    bookings = await TestBus.open(env, 'bookings');
    app = await buildApp(
      readConfig(
        env.envFor('notifications', {
          SITE_URL: 'https://rian.example',
          SMTP_URL: smtp.url,
          MAIL_STAFF_CONTACT: 'LINE @rian · 02-000-0000',
        }),
      ),
      { tokenKeys: issuer.keys },
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await bookings?.close();
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
  const sent = (eventId: string) =>
    eventually(async () => {
      const rows = await forEvent(eventId);
      return rows.length > 0 && rows.every((d) => d.status === 'sent') && rows;
    });

  it('Thai: e-mails the person who booked once, though the event arrives twice', async () => {
    const event = mailRequested();
    await bookings.deliver(event, 'notifications');
    await bookings.deliver(event, 'notifications', `${event.id}-again`);
    const [row] = await sent(event.id);
    expect(await forEvent(event.id)).toHaveLength(1);
    expect(row).toMatchObject({
      channel: 'email',
      template: 'bookings.booking-mail',
      to: 'booker@example.com',
      locale: 'th',
    });
    const mails = smtp.mailsTo('booker@example.com');
    expect(mails).toHaveLength(1);
    const { subject, text } = mails[0]!.mail;
    expect(subject).toBe('การจอง เวิร์กช็อปเทรดทอง (Gold workshop) ของคุณ - Rian');
    expect(text).toContain('เรียน คุณสมศรี มีสุข');
    expect(text).toContain('สถานะ: รอตรวจสอบการชำระเงิน');
    expect(text).toContain('การยืนยัน: ยืนยันแล้ว');
    expect(text).toContain('จำนวน: 2');
    expect(text).toContain('ติดต่อเจ้าหน้าที่: LINE @rian · 02-000-0000');
  });

  it('English when staff ask for it; a second request is a second e-mail', async () => {
    const first = mailRequested({
      email: 'en@example.com',
      name: 'Jane',
      lname: 'Doe',
      lang: 'en',
      status: 'new',
      confirm: 'N',
      quantity: 1,
    });
    const second = mailRequested({
      email: 'en@example.com',
      name: 'Jane',
      lname: 'Doe',
      lang: 'en',
      status: 'new',
      confirm: 'Y',
      quantity: 1,
    });
    await bookings.deliver(first, 'notifications');
    await bookings.deliver(second, 'notifications');
    await sent(first.id);
    await sent(second.id);
    const mails = smtp.mailsTo('en@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.mail.subject).toBe('Your booking of เวิร์กช็อปเทรดทอง (Gold workshop) - Rian');
    const texts = mails.map((m) => m.mail.text);
    expect(texts.some((t) => t?.includes('Confirmation: not confirmed yet'))).toBe(true);
    expect(texts.some((t) => t?.includes('Confirmation: confirmed'))).toBe(true);
    expect(texts[0]).toContain('Dear Jane Doe,');
    expect(texts[0]).toContain('Status: received');
    expect(texts[0]).toContain('Quantity: 1');
    expect(texts[0]).toContain('Contact our staff: LINE @rian · 02-000-0000');
  });

  it('no staff contact set: the site address; HTML escaped', () => {
    const m = bookingMailEmail({
      name: '<b>A</b>',
      lname: 'B',
      productTitle: 'X & Y',
      status: 'new',
      confirm: 'N',
      quantity: 1,
      staffContact: '',
      siteUrl: 'https://rian.example/',
      locale: 'th',
    });
    expect(m.text).toContain('ติดต่อเจ้าหน้าที่ได้ที่ https://rian.example');
    expect(m.html).toContain('&lt;b&gt;A&lt;/b&gt;');
    expect(m.html).toContain('X &amp; Y');
  });
});
