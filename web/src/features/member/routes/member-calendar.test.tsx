import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EnrolmentView } from '@rian/proto-contracts/learning';
import type { CalendarItem } from '@rian/proto-contracts/learning-member';
import { json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { COURSE_ID, calendarItem, sessionView } from '@/testing/calendar-fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { MemberCalendarRoute } from './member-calendar';
import { makeHome } from '../testing';

const CALENDAR = '/api/learning/member/sessions/calendar';
const SESSION = (id: string) => `/api/learning/member/sessions/${id}`;
const LIVE_ID = '0190a0b0-0000-7000-8000-00000000c001';
const VIDEO_ID = '0190a0b0-0000-7000-8000-00000000c002';
const MEETING_ID = '0190a0b0-0000-7000-8000-00000000c003';

const ITEMS: CalendarItem[] = [
  calendarItem(),
  calendarItem({
    id: VIDEO_ID,
    type: 'video',
    colour: '#1d4ed8',
    colorBox: '#dbeafe',
    icon: 'play',
    start: '2026-11-26T10:00:00+07:00',
    end: '2026-11-26T11:30:00+07:00',
    startTime: '10:00',
    endTime: '11:30',
    time: '10:00 - 11:30',
    title: 'Lesson 1: candlesticks',
  }),
  calendarItem({
    id: MEETING_ID,
    type: 'meeting',
    colour: '#6d28d9',
    colorBox: '#ede9fe',
    icon: 'users',
    start: '2026-11-27T20:00:00+07:00',
    end: '2026-11-27T21:00:00+07:00',
    startTime: '20:00',
    endTime: '21:00',
    time: '20:00 - 21:00',
    title: 'Zoom Q&A',
  }),
  calendarItem({
    id: '0190a0b0-0000-7000-8000-00000000c005',
    start: '2026-11-27T06:00:00+07:00',
    end: '2026-11-27T06:30:00+07:00',
    startTime: '06:00',
    endTime: '06:30',
    time: '06:00 - 06:30',
    title: 'Morning brief',
  }),
  calendarItem({
    id: '0190a0b0-0000-7000-8000-00000000c004',
    type: 'real',
    colour: '#15803d',
    colorBox: '#dcfce7',
    icon: 'map-pin',
    start: '2026-11-28',
    end: null,
    startTime: null,
    endTime: null,
    time: '',
    title: 'สัมมนา ณ กรุงเทพฯ',
  }),
];

function enrolment(): EnrolmentView {
  return {
    id: 'e1',
    userId: 'u1',
    courseId: COURSE_ID,
    orderId: null,
    productId: null,
    source: 'order',
    status: 'active',
    createdAt: '2026-04-16T02:30:00.000Z',
    selected: 'Y',
    courseStatus: 'N',
    sptk: 'N',
    special: 'N',
    code: null,
    start: '2026-04-16',
    end: null,
    course: { id: COURSE_ID, title: 'Forex Basics', code: null, status: 'open', liveStreaming: 'N' },
  };
}

function learningApi(sessions: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /api/learning/member/home': json(
      200,
      makeHome({ enrolments: [enrolment()], enrolment: enrolment() }),
    ),
    [`GET ${CALENDAR}`]: (url) => {
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      // as learning answers: only what falls inside the asked days
      return json(200, {
        items: ITEMS.filter((i) => i.start.slice(0, 10) >= from && i.start.slice(0, 10) <= to),
      });
    },
    ...Object.fromEntries(Object.entries(sessions).map(([id, reply]) => [`GET ${SESSION(id)}`, reply])),
  });
}

/** The calendar requests made, as "from..to courseId". */
function calendarCalls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === CALENDAR)
    .map(
      (u) => `${u.searchParams.get('from')}..${u.searchParams.get('to')} ${u.searchParams.get('courseId')}`,
    );
}

function renderCalendar() {
  useAuthStore.getState().setSession('t', makeUser({ status: 'Premium' }));
  return renderWithProviders(<></>, {
    path: '/member/calendar',
    routes: [
      { path: 'member/calendar', Component: MemberCalendarRoute },
      { path: 'member', element: <p>MEMBER HOME</p> },
    ],
  });
}

const eventButton = (title: string) => screen.getByText(title).closest<HTMLElement>('[role="button"]')!;

beforeEach(() => {
  // 26 Nov 2026, 10:00 in Bangkok; only the clock is fake, timers run
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T03:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/member/calendar', () => {
  it("asks learning for the month grid's days of the selected course and shows each session: icon, time, title, its type's colours", async () => {
    const fetchMock = learningApi();
    renderCalendar();
    expect(await screen.findByText('Live: market open')).toBeTruthy();
    // Thai: the Buddhist era (2026 + 543)
    expect(screen.getByRole('heading', { name: 'พฤศจิกายน 2569' })).toBeTruthy();
    // one request: Monday 26 Oct .. Sunday 6 Dec (42 days)
    expect(calendarCalls(fetchMock)).toEqual([`2026-10-26..2026-12-06 ${COURSE_ID}`]);

    const live = eventButton('Live: market open');
    expect(live.getAttribute('tabindex')).toBe('0');
    expect(live.getAttribute('style')).toContain('--fc-event-color: #fee2e2');
    expect(live.getAttribute('style')).toContain('--fc-event-contrast-color: #b91c1c');
    const label = within(live).getByTestId('calendar-event');
    expect(label.textContent).toBe('ถ่ายทอดสด: 19:00 - 21:00Live: market open');
    expect(label.querySelector('svg')).toBeTruthy();
    expect(within(eventButton('Zoom Q&A')).getByTestId('calendar-event').dataset.type).toBe('meeting');
  });

  it('asks again for the days of each view it moves to', async () => {
    const fetchMock = learningApi();
    renderCalendar();
    await screen.findByText('Live: market open');
    await userEvent.click(screen.getByRole('button', { name: /ถัดไป/ }));
    // December 2026's grid: Monday 30 Nov .. Sunday 10 Jan
    await waitFor(() => expect(calendarCalls(fetchMock)).toContain(`2026-11-30..2027-01-10 ${COURSE_ID}`));
    await waitFor(() => expect(screen.queryByText('Live: market open')).toBeNull());
    expect(screen.getByRole('heading', { name: 'ธันวาคม 2569' })).toBeTruthy();
  });

  it('asks for the seven days of the week view (Monday to Sunday) and lays sessions on their Bangkok day', async () => {
    const fetchMock = learningApi();
    renderCalendar();
    await screen.findByText('Live: market open');
    const week = screen.getByRole('tab', { name: 'สัปดาห์ (มุมมอง)' });
    await userEvent.click(week);
    await waitFor(() => expect(calendarCalls(fetchMock)).toContain(`2026-11-23..2026-11-29 ${COURSE_ID}`));
    expect(week.getAttribute('aria-selected')).toBe('true');
    // 06:00 in Bangkok on the 27th is still the 26th in UTC and west of it: the calendar keeps Bangkok's day
    const early = await screen.findByText('Morning brief');
    expect(early.closest('[data-date]')?.getAttribute('data-date')).toBe('2026-11-27');
    expect(eventButton('Live: market open').closest('[data-date]')?.getAttribute('data-date')).toBe(
      '2026-11-26',
    );
  });

  it("follows the app's language: English shows the Common Era and English words", async () => {
    learningApi();
    renderCalendar();
    await screen.findByText('Live: market open');
    act(() => useLanguageStore.getState().setLanguage('en'));
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeTruthy();
    expect(within(eventButton('Live: market open')).getByTestId('calendar-event').textContent).toBe(
      'Live stream: 19:00 - 21:00Live: market open',
    );
    expect(screen.getByRole('heading', { name: 'Calendar' })).toBeTruthy();
  });

  it('opens a session from the keyboard (Enter): date and time, detail, instructor, documents, the lesson link', async () => {
    learningApi({ [VIDEO_ID]: json(200, sessionView()) });
    renderCalendar();
    await screen.findByText('Lesson 1: candlesticks');
    const lesson = eventButton('Lesson 1: candlesticks');
    lesson.focus();
    await userEvent.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Lesson 1: candlesticks' });
    await within(dialog).findByTestId('session-when');
    expect(within(dialog).getByTestId('session-when').textContent).toMatch(
      /26 พฤศจิกายน .*2569 10:00 - 11:30$/,
    );
    expect(within(dialog).getByText(/Reading a candle\./)).toBeTruthy();
    expect(within(dialog).getByTestId('session-instructor').textContent).toBe('Khru Somsak');
    const doc = within(dialog).getByRole('link', { name: 'ดาวน์โหลด Lesson notes' });
    expect(doc.getAttribute('href')).toBe(sessionView().documents[0]!.url);
    expect(doc.getAttribute('download')).toBe('lesson-1-notes.pdf');
    expect(within(dialog).getByRole('link', { name: 'ดูบทเรียน' }).getAttribute('href')).toBe(
      `/member/video/${VIDEO_ID}`,
    );
    // no room for a video
    expect(within(dialog).queryByTestId('room-join')).toBeNull();
  });

  it("shows a meeting's room: link, meeting id and passcode each copied by its button, and a join link", async () => {
    const user = userEvent.setup();
    const room = {
      id: '0190a0b0-0000-7000-8000-00000000a001',
      title: 'Forex room',
      url: 'https://zoom.us/j/81234567890',
      meetingId: '81234567890',
      passcode: 'fx2026',
    };
    const base = sessionView();
    learningApi({
      [MEETING_ID]: json(
        200,
        sessionView({
          session: { ...base.session, id: MEETING_ID, type: 'meeting', title: 'Zoom Q&A', videoId: null },
          documents: [],
          zoomRoom: room,
        }),
      ),
    });
    renderCalendar();
    await screen.findByText('Zoom Q&A');
    await user.click(eventButton('Zoom Q&A'));
    const dialog = await screen.findByRole('dialog', { name: 'Zoom Q&A' });
    expect((await within(dialog).findByTestId('room-meetingId')).textContent).toBe('81234567890');
    await user.click(within(dialog).getByRole('button', { name: 'คัดลอกรหัสผ่าน' }));
    expect(await navigator.clipboard.readText()).toBe('fx2026');
    await user.click(within(dialog).getByRole('button', { name: 'คัดลอกหมายเลขห้องประชุม (Meeting ID)' }));
    expect(await navigator.clipboard.readText()).toBe('81234567890');
    expect(within(dialog).getByRole('link', { name: 'เข้าห้องประชุม' }).getAttribute('href')).toBe(room.url);
    expect(within(dialog).getByText('ไม่มีเอกสาร')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'ดูบทเรียน' })).toBeNull();
  });

  it('sends the member to /member when learning answers 404 for the session (spec 01 §2)', async () => {
    learningApi({ [LIVE_ID]: problem(404, 'learning.session_not_found', 'not found') });
    const { router } = renderCalendar();
    await screen.findByText('Live: market open');
    await userEvent.click(eventButton('Live: market open'));
    // FullCalendar's re-render in jsdom and the dialog's read: seconds on a loaded 2-core machine
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'), { timeout: 15_000 });
    // the location moves before the home route's element has rendered: wait for it too
    expect(await screen.findByText('MEMBER HOME', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('opens on the list of the month on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        onchange: null,
        dispatchEvent: () => false,
      })),
    );
    const fetchMock = learningApi();
    renderCalendar();
    expect(await screen.findByText('Live: market open')).toBeTruthy();
    expect(calendarCalls(fetchMock)).toEqual([`2026-11-01..2026-11-30 ${COURSE_ID}`]);
    expect(within(eventButton('Live: market open')).getByTestId('calendar-event').textContent).toBe(
      'ถ่ายทอดสด: 19:00 - 21:00Live: market open',
    );
    expect(screen.getByText('สัมมนา ณ กรุงเทพฯ')).toBeTruthy();
  });
});
