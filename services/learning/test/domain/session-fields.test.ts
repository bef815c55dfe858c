import { describe, expect, it } from 'vitest';
import {
  closeText,
  newSessionFields,
  sessionProblems,
  updatedSessionFields,
} from '../../src/domain/session-fields.js';

describe('session fields (spec 02 §3 "Course session", §9 defaults)', () => {
  it('a new session gets the spec defaults: video, item 1, close unlimit, view Y, check-in N, special N, rating 1', () => {
    const f = newSessionFields({ title: '  บทที่ 1 ', date: '2026-12-01' });
    expect(f).toEqual({
      type: 'video',
      item: 1,
      title: 'บทที่ 1',
      detail: null,
      date: '2026-12-01',
      start: null,
      to: null,
      closeDate: null,
      view: 'Y',
      checkin: 'N',
      special: 'N',
      rating: 1,
      pdf: null,
      videoId: null,
      zoomRoomId: null,
      instructorId: null,
      liveStreamId: null,
    });
    expect(closeText(f.closeDate)).toBe('unlimit');
    expect(sessionProblems(f)).toEqual([]);
  });

  it('an update keeps what is absent, clears what is null, and reads close as unlimit or a date', () => {
    const f = newSessionFields({
      title: 'Zoom',
      date: '2026-12-01',
      type: 'meeting',
      zoomRoomId: '01900000-0000-7000-8000-000000000001',
      detail: 'x',
      close: '2026-12-04',
    });
    expect(f.closeDate).toBe('2026-12-04');
    const next = updatedSessionFields(f, { zoomRoomId: null, detail: '   ', rating: 4 });
    expect(next).toMatchObject({
      type: 'meeting',
      zoomRoomId: null,
      detail: null,
      rating: 4,
      closeDate: '2026-12-04',
    });
    expect(updatedSessionFields(next, { close: 'unlimit' }).closeDate).toBeNull();
  });

  it.each([
    ['a blank title', { title: '   ' }, [{ field: 'title', code: 'validation.required' }]],
    [
      'start 10:00 to 09:59 (ends before it starts)',
      { start: '10:00', to: '09:59' },
      [{ field: 'to', code: 'learning.session_time_order' }],
    ],
    [
      'start 10:00 to 10:00 (no length)',
      { start: '10:00', to: '10:00' },
      [{ field: 'to', code: 'learning.session_time_order' }],
    ],
    ['start 09:00 to 10:30', { start: '09:00', to: '10:30' }, []],
    ['only a start time', { start: '19:00' }, []],
    [
      'closing the day before the session (2026-11-30 < 2026-12-01)',
      { close: '2026-11-30' },
      [{ field: 'close', code: 'learning.session_close_before_date' }],
    ],
    ['closing on the session day itself', { close: '2026-12-01' }, []],
    ["closing 4 days after (the spec's 3-day check)", { close: '2026-12-05' }, []],
  ] as const)('%s', (_name, body, problems) => {
    const f = updatedSessionFields(newSessionFields({ title: 'ok', date: '2026-12-01' }), body);
    expect(sessionProblems(f)).toEqual(problems);
  });
});
