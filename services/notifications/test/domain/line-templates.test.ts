import { describe, expect, it } from 'vitest';
import {
  checkInReceiptLine,
  liveStartedLine,
  memberDate,
  sessionReminderLine,
} from '../../src/domain/line-templates.js';

const SITE = 'https://rian.example/';

describe('members’ LINE texts', () => {
  it('dates read Thai with the Buddhist year, or English', () => {
    expect(memberDate('2026-12-01', 'th')).toBe('1 ธ.ค. 2569');
    expect(memberDate('2027-01-31', 'en')).toBe('31 Jan 2027');
  });

  it('a reminder says the session, its Bangkok day and time, and where the schedule is', () => {
    // 2026-12-01T12:00Z = 19:00 Bangkok
    const input = {
      title: 'Forex สด',
      type: 'meeting' as const,
      startsAt: '2026-12-01T12:00:00.000Z',
      siteUrl: SITE,
    };
    expect(sessionReminderLine({ ...input, locale: 'th' })).toEqual({
      subject: 'ใกล้เริ่มแล้ว: Forex สด',
      text: 'ใกล้เริ่มแล้ว: Forex สด\nเรียนผ่าน Zoom วันที่ 1 ธ.ค. 2569 เวลา 19:00 น.\nตารางเรียน: https://rian.example/member/calendar',
      html: '',
    });
    expect(sessionReminderLine({ ...input, type: 'real', locale: 'en' }).text).toBe(
      'Starting soon: Forex สด\nOn-site class, 1 Dec 2026 at 19:00 (Bangkok time)\nYour schedule: https://rian.example/member/calendar',
    );
  });

  it('a session at 05:30 Bangkok is on the Bangkok day, not the UTC one', () => {
    const t = sessionReminderLine({
      title: 'เช้า',
      type: 'live',
      startsAt: '2026-11-30T22:30:00.000Z',
      siteUrl: SITE,
      locale: 'th',
    }).text;
    expect(t).toContain('ถ่ายทอดสด วันที่ 1 ธ.ค. 2569 เวลา 05:30 น.');
  });

  it('a live start links the page of its kind', () => {
    expect(liveStartedLine({ name: 'ไลฟ์ทอง', kind: 'stream', siteUrl: SITE, locale: 'th' }).text).toBe(
      'ไลฟ์ทอง เริ่มถ่ายทอดสดแล้ว\nรับชมได้ที่ https://rian.example/member/livestreaming',
    );
    expect(liveStartedLine({ name: 'Trade room', kind: 'trade', siteUrl: SITE, locale: 'en' }).text).toBe(
      'Trade room is live now\nWatch: https://rian.example/member/livetrade',
    );
  });

  it('a check-in receipt gives the Bangkok time of the check-in', () => {
    const i = { sessionTitle: 'สัมมนา', checkedInAt: '2026-12-05T02:07:00.000Z' };
    expect(checkInReceiptLine({ ...i, locale: 'th' }).text).toBe(
      'เช็คอินเรียบร้อย: สัมมนา\nวันที่ 5 ธ.ค. 2569 เวลา 09:07 น.',
    );
    expect(checkInReceiptLine({ ...i, locale: 'en' }).text).toBe(
      'Checked in: สัมมนา\n5 Dec 2026 at 09:07 (Bangkok time)',
    );
  });
});
