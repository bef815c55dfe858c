import type { CalendarItem, SessionView } from '@rian/proto-contracts/learning-member';

export const COURSE_ID = '0190a0b0-0000-7000-8000-0000000000b1';

/** A calendar item as learning sends it (spec 02 §3); a live session tonight unless told. */
export function calendarItem(overrides: Partial<CalendarItem> = {}): CalendarItem {
  return {
    id: '0190a0b0-0000-7000-8000-00000000c001',
    type: 'live',
    colour: '#b91c1c',
    colorBox: '#fee2e2',
    courseId: COURSE_ID,
    details: null,
    icon: 'radio',
    src: '/member/sessions/0190a0b0-0000-7000-8000-00000000c001',
    start: '2026-11-26T19:00:00+07:00',
    end: '2026-11-26T21:00:00+07:00',
    startTime: '19:00',
    endTime: '21:00',
    time: '19:00 - 21:00',
    title: 'Live: market open',
    ...overrides,
  };
}

/** A session view (GET /member/sessions/{id}) of a video lesson with one document. */
export function sessionView(overrides: Partial<SessionView> = {}): SessionView {
  const id = '0190a0b0-0000-7000-8000-00000000c002';
  return {
    session: {
      id,
      courseId: COURSE_ID,
      type: 'video',
      item: 1,
      title: 'Lesson 1: candlesticks',
      detail: 'Reading a candle.\nOpen, high, low, close.',
      date: '2026-11-26',
      start: '10:00',
      to: '11:30',
      close: 'unlimit',
      checkin: 'N',
      special: 'N',
      rating: 1,
      pdf: null,
      videoId: '0190a0b0-0000-7000-8000-00000000d001',
      zoomRoomId: null,
      liveStreamId: null,
      instructor: { id: '0190a0b0-0000-7000-8000-00000000e001', name: 'Khru Somsak', img: null },
    },
    openUntil: null,
    video: null,
    documents: [
      {
        id: '0190a0b0-0000-7000-8000-00000000f001',
        name: 'Lesson notes',
        detail: null,
        type: 'pdf',
        position: 1,
        img: null,
        file: {
          fileId: '0190a0b0-0000-7000-8000-00000000f101',
          filename: '0190a0b0-0000-7000-8000-00000000f101.pdf',
          originalName: 'lesson-1-notes.pdf',
          contentType: 'application/pdf',
          bytes: 1234,
        },
        url: '/api/media/files/document/0190a0b0-0000-7000-8000-00000000f101.pdf?sig=abc',
        expiresAt: '2026-11-26T04:00:00.000Z',
      },
    ],
    zoomRoom: null,
    ...overrides,
  };
}
