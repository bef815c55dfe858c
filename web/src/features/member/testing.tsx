import { Navigate } from 'react-router';
import type { SessionMember } from '@rian/proto-contracts/learning-content';
import type { MemberHome } from '@rian/proto-contracts/learning-member';
import { renderWithProviders } from '@/testing/render';
import { MemberAreaRoute } from './routes/member-area';
import { MemberHomeRoute } from './routes/member-home';
import { MemberReloadRoute } from './routes/member-reload';
import { MemberVideoNasTestRoute } from './routes/member-videonastest';

/** Tests only: the member routes as app/router.tsx nests them (pages of other branches stubbed). */
export function renderMemberArea(path = '/member') {
  return renderWithProviders(<></>, {
    path,
    routes: [
      { path: 'member/videonastest/*', Component: MemberVideoNasTestRoute },
      {
        path: 'member',
        Component: MemberAreaRoute,
        children: [
          { index: true, Component: MemberHomeRoute },
          { path: 'reload', Component: MemberReloadRoute },
          { path: 'calendar', element: <p>CALENDAR</p> },
          { path: 'video/:id?', element: <p>LESSON</p> },
          { path: 'livestreaming/:id?', element: <p data-testid="member-live-stub">LIVE</p> },
          { path: 'livetrade/:id?', element: <p data-testid="member-live-stub">LIVE</p> },
          { path: '*', element: <Navigate to="/member" replace /> },
        ],
      },
      { path: 'logout', element: <p>LOGOUT</p> },
      { path: 'admin/video', element: <p>ADMIN VIDEO</p> },
    ],
  });
}

export const COURSE_ID = '0190a0b0-0000-7000-8000-0000000000c1';

export function makeSession(overrides: Partial<SessionMember> = {}): SessionMember {
  return {
    id: '0190a0b0-0000-7000-8000-0000000000d1',
    courseId: COURSE_ID,
    type: 'video',
    item: 1,
    title: 'บทที่ 1',
    detail: null,
    date: '2026-05-10',
    start: null,
    to: null,
    close: '9999-12-31',
    checkin: 'N',
    special: 'N',
    rating: 0,
    pdf: null,
    videoId: null,
    zoomRoomId: null,
    liveStreamId: null,
    instructor: null,
    ...overrides,
  };
}

/** What learning's GET /member/home answers: a member with nothing around now. */
export function makeHome(overrides: Partial<MemberHome> = {}): MemberHome {
  const home: MemberHome = {
    enrolments: [],
    enrolment: {
      id: '0190a0b0-0000-7000-8000-0000000000e1',
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
      course: { id: COURSE_ID, title: 'Forex Basics', code: 'FX01', status: 'open', liveStreaming: 'N' },
    },
    courseDetail: null,
    today: [],
    upcoming: [],
    current: { meeting: null, live: null, real: null },
    lessonCount: 0,
    superTrackingUrl: null,
    watch: {
      today: '2026-05-10',
      todaySeconds: 0,
      weekSeconds: 0,
      monthSeconds: 0,
      lastViewed: null,
      lessonsStarted: 0,
      lessonsEnded: 0,
      lessonCount: 0,
    },
    watchMonth: null,
    ...overrides,
  };
  // learning lists the selected enrolment among the member's enrolments
  if (!overrides.enrolments && home.enrolment) home.enrolments = [home.enrolment];
  return home;
}
