import { describe, expect, it } from 'vitest';
import { liveChatMessage, thaiDuration } from '../../src/domain/live-templates.js';

describe('live stream staff chat messages', () => {
  it.each([
    [0, 'ไม่ถึง 1 นาที'],
    [59_999, 'ไม่ถึง 1 นาที'],
    [60_000, '1 นาที'],
    [45 * 60_000 + 59_000, '45 นาที'],
    [2 * 3_600_000, '2 ชั่วโมง'],
    [3_600_000 + 5 * 60_000, '1 ชั่วโมง 5 นาที'],
    [-5_000, 'ไม่ถึง 1 นาที'],
  ])('%i ms on air reads "%s"', (ms, words) => {
    expect(thaiDuration(ms)).toBe(words);
  });

  it('going live names the stream and the Bangkok time it started', () => {
    expect(
      liveChatMessage({
        name: 'ไลฟ์ Forex',
        live: 'Y',
        liveSince: '2026-11-26T12:30:00.000Z',
        changedAt: '2026-11-26T12:30:00.000Z',
      }),
    ).toEqual({ template: 'staff-chat.live-started', text: 'ไลฟ์ Forex เริ่มถ่ายทอดสดแล้ว\nเวลา 19:30 น.' });
  });

  it('stopping says how long it was on air, start to stop in Bangkok time', () => {
    expect(
      liveChatMessage({
        name: 'ไลฟ์ Forex',
        live: 'N',
        liveSince: '2026-11-26T12:30:00.000Z',
        changedAt: '2026-11-26T13:35:40.000Z',
      }),
    ).toEqual({
      template: 'staff-chat.live-stopped',
      text: 'ไลฟ์ Forex จบการถ่ายทอดสดแล้ว\nออกอากาศ 1 ชั่วโมง 5 นาที (19:30–20:35 น.)',
    });
    // a stream that never went live has no time on air to tell
    expect(
      liveChatMessage({ name: 'S', live: 'N', liveSince: null, changedAt: '2026-11-26T13:35:40.000Z' }).text,
    ).toBe('S จบการถ่ายทอดสดแล้ว');
  });
});
