import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';

/** Issue 20: staff preview every message template with sample data, in each language it has. */
describe('GET /templates, /templates/:name/preview', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let staff: string;
  let member: string;

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff');
    member = await issuer.member();
    app = await buildApp(readConfig(env.envFor('notifications', { SITE_URL: 'https://rian.example' })), {
      tokenKeys: issuer.keys,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const get = (url: string, token: string | undefined = staff) =>
    app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

  it('lists the templates with their languages: member mails in Thai and English, staff chat in Thai', async () => {
    const res = await get('/templates');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ name: string; channel: string; locales: string[] }[]>();
    expect(list.find((t) => t.name === 'orders.order-confirmed')).toEqual({
      name: 'orders.order-confirmed',
      channel: 'email',
      locales: ['th', 'en'],
    });
    expect(list.find((t) => t.name === 'staff-chat.member-registered')).toEqual({
      name: 'staff-chat.member-registered',
      channel: 'chat',
      locales: ['th'],
    });
  });

  it('renders a template with sample data in the language asked for', async () => {
    const en = await get('/templates/orders.order-confirmed/preview?locale=en');
    expect(en.statusCode).toBe(200);
    expect(en.json()).toMatchObject({
      name: 'orders.order-confirmed',
      locale: 'en',
      subject: 'Your Rian order RIAN-0007 is confirmed',
    });
    expect(en.json<{ html: string }>().html).toContain('href="https://rian.example/member"');
    const th = await get('/templates/orders.order-confirmed/preview');
    expect(th.json()).toMatchObject({ locale: 'th', subject: 'ยืนยันคำสั่งซื้อ RIAN-0007 - Rian' });
    // a staff chat message has Thai only: English falls back to it
    const chat = await get('/templates/staff-chat.member-registered/preview?locale=en');
    expect(chat.json()).toMatchObject({ locale: 'th' });
    expect(chat.json<{ text: string }>().text).toContain('รหัสสมาชิก M0001');
  });

  it('names the files each preview comes from, so staff know what to have edited', async () => {
    const en = await get('/templates/orders.order-confirmed/preview?locale=en');
    expect(en.json<{ files: string[] }>().files).toEqual([
      'services/notifications/templates/orders.order-confirmed.en.subject.txt',
      'services/notifications/templates/orders.order-confirmed.en.txt',
      'services/notifications/templates/orders.order-confirmed.en.html',
    ]);
    // the live stream messages are in the preview too: 19:00–20:05 Bangkok is 1 h 5 min on air
    const live = await get('/templates/staff-chat.live-stopped/preview');
    expect(live.json()).toEqual({
      name: 'staff-chat.live-stopped',
      locale: 'th',
      subject: 'ไลฟ์ Forex จบการถ่ายทอดสดแล้ว',
      text: 'ไลฟ์ Forex จบการถ่ายทอดสดแล้ว\nออกอากาศ 1 ชั่วโมง 5 นาที (19:00–20:05 น.)',
      html: '',
      files: ['services/notifications/templates/staff-chat.live-stopped.th.txt'],
    });
  });

  it('previews the members’ LINE pushes in both languages (issue 20)', async () => {
    const list = (await get('/templates')).json<{ name: string; channel: string; locales: string[] }[]>();
    expect(list.filter((t) => t.channel === 'line')).toEqual([
      { name: 'line.session-reminder', channel: 'line', locales: ['th', 'en'] },
      { name: 'line.live-started', channel: 'line', locales: ['th', 'en'] },
      { name: 'line.check-in-receipt', channel: 'line', locales: ['th', 'en'] },
    ]);
    // the sample session: 2026-12-01T12:00Z = 19:00 Bangkok
    const th = await get('/templates/line.session-reminder/preview');
    expect(th.json()).toEqual({
      name: 'line.session-reminder',
      locale: 'th',
      subject: 'ใกล้เริ่มแล้ว: เรียนสด Forex',
      text: 'ใกล้เริ่มแล้ว: เรียนสด Forex\nเรียนผ่าน Zoom วันที่ 1 ธ.ค. 2569 เวลา 19:00 น.\nตารางเรียน: https://rian.example/member/calendar',
      html: '',
      files: ['services/notifications/templates/line.session-reminder.th.txt'],
    });
    const en = await get('/templates/line.check-in-receipt/preview?locale=en');
    expect(en.json<{ text: string }>().text).toBe(
      'Checked in: Gold trading seminar\n5 Dec 2026 at 09:07 (Bangkok time)',
    );
  });

  it('unknown template 404 in Thai; bad locale 400; members 403; anonymous 401', async () => {
    const missing = await get('/templates/nope/preview');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'notifications.template_not_found',
      detail: 'ไม่พบแม่แบบข้อความนี้',
    });
    expect((await get('/templates/orders.order-confirmed/preview?locale=fr')).statusCode).toBe(400);
    expect((await get('/templates', member)).statusCode).toBe(403);
    expect((await get('/templates', '')).statusCode).toBe(401);
  });
});
