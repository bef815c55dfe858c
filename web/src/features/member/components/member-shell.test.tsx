import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberHome } from '@rian/proto-contracts/learning-member';
import { json, mockApi, problem } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { makeOrder } from '@/testing/order-fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { useStaffStore } from '@/stores/staff-store';
import { makeHome, makeSession, renderMemberArea } from '../testing';

const HOME = '/api/learning/member/home';
const ORDERS = '/api/orders/orders/mine';
const MEETING = makeSession({
  id: '0190a0b0-0000-7000-8000-0000000000f1',
  type: 'meeting',
  title: 'ประชุม Zoom',
  start: '19:00',
  to: '21:00',
  zoomRoomId: '0190a0b0-0000-7000-8000-0000000000f9',
});
const STREAM_ID = '0190a0b0-0000-7000-8000-0000000000e7';
const LIVE = makeSession({ id: '0190a0b0-0000-7000-8000-0000000000f2', type: 'live', title: 'ไลฟ์' });
const VIDEO = makeSession({
  id: '0190a0b0-0000-7000-8000-0000000000f3',
  title: 'บทที่ 1',
  videoId: '0190a0b0-0000-7000-8000-0000000000fa',
});

/** The services as the shell sees them: learning's home (and one session), orders' /mine. */
function api(home: MemberHome | (() => Promise<never>), orders = [makeOrder()]) {
  return mockApi({
    [`GET ${HOME}`]: typeof home === 'function' ? home : () => json(200, home),
    [`GET ${ORDERS}`]: () => json(200, { items: orders, total: orders.length, page: 1, pageSize: 50 }),
    [`GET /api/learning/member/sessions/${MEETING.id}`]: () =>
      json(200, {
        session: MEETING,
        openUntil: null,
        video: null,
        documents: [],
        zoomRoom: {
          id: MEETING.zoomRoomId,
          title: 'ห้อง 1',
          url: 'https://zoom.example/j/123',
          meetingId: '123 456 789',
          passcode: 'pass-42',
        },
      }),
    [`GET /api/learning/member/sessions/${LIVE.id}`]: () =>
      problem(404, 'learning.session_not_found', 'not found', {
        messages: { th: 'ไม่พบคาบเรียน', en: 'Session not found' },
      }),
  });
}

function premium() {
  useAuthStore
    .getState()
    .setSession('t', makeUser({ status: 'Premium', memberCode: 'M0042', nickname: 'ชาย' }));
}

/** The desktop side panel (the drawer's copy stays closed). */
const panel = () => within(screen.getAllByRole('navigation', { name: 'เมนูสมาชิก' })[0]!);

describe('the member shell (spec 01 §2 member layout)', () => {
  it('blocks the area with "Please stand by" (กรุณารอสักครู่) while its first read is under way', async () => {
    let answer!: (v: unknown) => void;
    const pending = new Promise((resolve) => (answer = resolve));
    premium();
    mockApi({
      [`GET ${HOME}`]: async () => {
        await pending;
        return json(200, makeHome());
      },
      [`GET ${ORDERS}`]: () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
    });
    renderMemberArea();
    expect(await screen.findByTestId('member-stand-by')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'กรุณารอสักครู่' })).toBeTruthy();
    answer(null);
    await waitFor(() => expect(screen.queryByTestId('member-stand-by')).toBeNull());
  });

  it("says why when the area's read fails, and stops standing by", async () => {
    premium();
    mockApi({
      [`GET ${HOME}`]: () =>
        problem(503, 'http.unavailable', 'down', {
          messages: { th: 'ระบบไม่พร้อมใช้งานชั่วคราว', en: 'Temporarily unavailable' },
        }),
      [`GET ${ORDERS}`]: () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
    });
    renderMemberArea();
    expect((await screen.findByTestId('member-home-error')).textContent).toBe('ระบบไม่พร้อมใช้งานชั่วคราว');
    expect(screen.queryByTestId('member-stand-by')).toBeNull();
  });

  it('menu without a room or a live session: no Room Meeting, live items disabled, no SuperTracking', async () => {
    premium();
    api(makeHome());
    renderMemberArea();
    await waitFor(() => expect(screen.queryByTestId('member-stand-by')).toBeNull());
    const p = panel();
    expect(p.getByText('หน้าแรก')).toBeTruthy();
    expect(p.getByText('แดชบอร์ด')).toBeTruthy();
    expect(p.getByText('ปฏิทิน').closest('a')?.getAttribute('href')).toBe('/member/calendar');
    expect(p.getByText('บทเรียน').closest('a')?.getAttribute('href')).toBe('/member/video');
    expect(p.queryByTestId('menu-room-meeting')).toBeNull();
    expect(p.getByTestId('menu-live-streaming').getAttribute('aria-disabled')).toBe('true');
    expect(p.getByTestId('menu-live-trade').getAttribute('aria-disabled')).toBe('true');
    expect(p.queryByTestId('menu-super-tracking')).toBeNull();
    // the course has no groups (learning answers none here): no group buttons
    expect(screen.queryByTestId('member-groups')).toBeNull();
  });

  it('speaks Thai by default in the menu, the breadcrumbs and the drawer button, and English in English', async () => {
    premium();
    api(makeHome());
    renderMemberArea();
    await waitFor(() => expect(screen.queryByTestId('member-stand-by')).toBeNull());
    expect(
      panel()
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['หน้าแรก', 'แดชบอร์ด', 'ปฏิทิน', 'ถ่ายทอดสด', 'เทรดสด', 'บทเรียน']);
    expect(screen.getByRole('navigation', { name: 'ตำแหน่งของหน้า' }).textContent).toBe('พื้นที่สมาชิก/แดชบอร์ด');
    expect(screen.getByRole('button', { name: 'เปิดเมนู' })).toBeTruthy();
    act(() => useLanguageStore.getState().setLanguage('en'));
    await waitFor(() => expect(screen.queryByText('แดชบอร์ด')).toBeNull());
    expect(
      within(screen.getAllByRole('navigation', { name: 'Member menu' })[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Home', 'Dashboard', 'Calendar', 'Live Streaming', 'Live Trade', 'Lessons']);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Member area/Dashboard');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it('menu around a meeting with a room and a live session: Room Meeting opens the room dialog with copy buttons', async () => {
    premium();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    api(
      makeHome({
        current: {
          meeting: { session: MEETING, hasRoom: true },
          live: {
            session: LIVE,
            hasRoom: false,
            liveStream: {
              id: STREAM_ID,
              name: 'ไลฟ์ Forex',
              detail: null,
              kind: 'stream',
              live: 'Y',
              liveSince: null,
            },
          },
          real: null,
        },
        superTrackingUrl: 'https://track.example/st?member=u1&token=x',
      }),
    );
    renderMemberArea();
    const room = await screen.findAllByTestId('menu-room-meeting');
    const p = panel();
    // live streaming opens the live session's stream; live trade the trade room the page finds
    expect(p.getByTestId('menu-live-streaming').getAttribute('href')).toBe(
      `/member/livestreaming/${STREAM_ID}`,
    );
    expect(p.getByTestId('menu-live-trade').getAttribute('href')).toBe('/member/livetrade');
    expect(p.getByTestId('menu-super-tracking').getAttribute('href')).toBe(
      'https://track.example/st?member=u1&token=x',
    );
    await waitFor(() => expect(screen.queryByTestId('member-stand-by')).toBeNull());
    await userEvent.click(room[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'ห้องประชุม' }));
    expect((await dialog.findByTestId('meeting-link-value')).textContent).toBe('https://zoom.example/j/123');
    // the name profile: course code + nickname
    expect(dialog.getByTestId('meeting-profile-value').textContent).toBe('FX01 ชาย');
    expect(dialog.getByTestId('meeting-id-value').textContent).toBe('123 456 789');
    expect(dialog.getByTestId('meeting-join').getAttribute('href')).toBe('https://zoom.example/j/123');
    await userEvent.click(dialog.getByTestId('meeting-passcode-copy'));
    expect(writeText).toHaveBeenLastCalledWith('pass-42');
    await userEvent.click(dialog.getByTestId('meeting-id-copy'));
    expect(writeText).toHaveBeenLastCalledWith('123 456 789');
    await userEvent.click(dialog.getByTestId('meeting-profile-copy'));
    expect(writeText).toHaveBeenLastCalledWith('FX01 ชาย');
    await userEvent.click(dialog.getByTestId('meeting-link-copy'));
    expect(writeText).toHaveBeenLastCalledWith('https://zoom.example/j/123');
    expect(dialog.getByTestId('meeting-link-copy').textContent).toBe('คัดลอกแล้ว');
  });

  it('a meeting without a room shows no Room Meeting item', async () => {
    premium();
    api(makeHome({ current: { meeting: { session: MEETING, hasRoom: false }, live: null, real: null } }));
    renderMemberArea();
    await waitFor(() => expect(screen.queryByTestId('member-stand-by')).toBeNull());
    expect(screen.queryByTestId('menu-room-meeting')).toBeNull();
  });

  it('Payment shows a badge when instalments are unpaid and opens their schedule with pay buttons', async () => {
    premium();
    const instalments = makeOrder({
      paymentType: 8,
      status: 'paid',
      reference: 'SPSK0000000077',
      installments: [
        { period: 1, dueDate: '2026-04-01', amount: 300_000, status: 'paid' },
        { period: 2, dueDate: '2026-05-01', amount: 300_000, status: 'create' },
      ],
    });
    const fetchMock = api(makeHome(), [instalments, makeOrder()]);
    renderMemberArea();
    expect((await screen.findByTestId('member-payment-badge')).textContent).toBe('1');
    expect(screen.getByTestId('member-payment').getAttribute('aria-label')).toBe(
      'ชำระเงิน — ค้างชำระ 1 รายการ',
    );
    await userEvent.click(screen.getByTestId('member-payment'));
    const dialog = within(await screen.findByRole('dialog', { name: 'ตารางผ่อนชำระ' }));
    expect(dialog.getByTestId('member-order-SPSK0000000077')).toBeTruthy();
    expect(dialog.queryByTestId('member-order-SPSK0000000042')).toBeNull();
    expect(dialog.getByTestId('installment-row-2')).toBeTruthy();
    expect(dialog.getByTestId('installment-pay-2')).toBeTruthy();
    // one call to orders, shared by the badge, the dialog and the dashboard
    const orderCalls = fetchMock.mock.calls.filter(([u]) => String(u).includes(ORDERS));
    expect(orderCalls).toHaveLength(1);
  });

  it('no badge when nothing is left to pay', async () => {
    premium();
    api(makeHome(), [makeOrder({ status: 'paid' })]);
    renderMemberArea();
    await waitFor(() => expect(screen.queryByTestId('member-stand-by')).toBeNull());
    await screen.findByTestId('member-payment');
    expect(screen.queryByTestId('member-payment-badge')).toBeNull();
  });

  it('Help shows the hours, the chat account with its add link and the phone', async () => {
    premium();
    api(makeHome());
    renderMemberArea();
    await waitFor(() => expect(screen.queryByTestId('member-stand-by')).toBeNull());
    await userEvent.click(screen.getByTestId('member-help-button'));
    const dialog = within(await screen.findByRole('dialog', { name: 'ติดต่อเจ้าหน้าที่' }));
    expect(dialog.getByText('วันจันทร์–วันเสาร์ 9.00–18.00 น.')).toBeTruthy();
    expect(dialog.getByTestId('help-chat').textContent).toBe('@rian');
    expect(dialog.getByTestId('help-add-chat').getAttribute('href')).toBe('https://line.me/R/ti/p/@rian');
    expect(dialog.getByTestId('help-phone').getAttribute('href')).toBe('tel:021234567');
  });

  it('Help by keyboard: Enter opens it with focus inside, Escape closes it and focus is back on the Help button', async () => {
    premium();
    api(makeHome());
    renderMemberArea();
    await waitFor(() => expect(screen.queryByTestId('member-stand-by')).toBeNull());
    const user = userEvent.setup();
    const help = screen.getByTestId('member-help-button');
    help.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'ติดต่อเจ้าหน้าที่' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ติดต่อเจ้าหน้าที่' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(help));
  });
});

describe('the dashboard', () => {
  it("shows the course, today's sessions with join / watch, the next ones, progress, instalments, announcements", async () => {
    premium();
    api(
      makeHome({
        today: [VIDEO, MEETING],
        upcoming: [
          { id: LIVE.id, type: 'live', title: 'ไลฟ์พรุ่งนี้', date: '2026-05-11', start: '20:00', to: null },
        ],
        lessonCount: 7,
        courseDetail: 'ประกาศ: เริ่มเรียน 10 พ.ค.',
      }),
      [
        makeOrder({
          paymentType: 8,
          installments: [{ period: 1, dueDate: '2026-05-01', amount: 300_000, status: 'create' }],
        }),
      ],
    );
    const { router } = renderMemberArea();
    expect((await screen.findByTestId('member-course-title')).textContent).toBe('Forex Basics');
    const today = within(await screen.findByTestId('dashboard-today'));
    expect(today.getByText('บทที่ 1')).toBeTruthy();
    expect(today.getByTestId(`today-watch-${VIDEO.id}`).getAttribute('href')).toBe(
      `/member/video/${VIDEO.id}`,
    );
    expect(within(screen.getByTestId('dashboard-next')).getByText('ไลฟ์พรุ่งนี้')).toBeTruthy();
    expect(screen.getByTestId('progress-lessons').textContent).toBe('7');
    expect(screen.getByTestId('progress-watched').textContent).toBe('0');
    expect(within(screen.getByTestId('dashboard-progress')).getByText('บทเรียนที่ดูแล้ว')).toBeTruthy();
    expect(screen.getByTestId('dashboard-announcements').textContent).toContain('ประกาศ: เริ่มเรียน 10 พ.ค.');
    expect(await screen.findByTestId('dashboard-unpaid')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('member-stand-by')).toBeNull());
    // join opens the room dialog for today's meeting
    await userEvent.click(today.getByTestId(`today-join-${MEETING.id}`));
    expect(await screen.findByRole('dialog', { name: 'ห้องประชุม' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(today.getByTestId(`today-watch-${VIDEO.id}`));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/member/video/${VIDEO.id}`));
  });

  it('a meeting outside its window: the room dialog says the session is not found', async () => {
    premium();
    const live = makeSession({ ...LIVE, type: 'meeting', zoomRoomId: MEETING.zoomRoomId });
    api(makeHome({ today: [live] }));
    renderMemberArea();
    await waitFor(() => expect(screen.queryByTestId('member-stand-by')).toBeNull());
    await userEvent.click(await screen.findByTestId(`today-join-${live.id}`));
    const dialog = within(await screen.findByRole('dialog', { name: 'ห้องประชุม' }));
    expect(await dialog.findByText('ไม่พบคาบเรียน')).toBeTruthy();
    expect(dialog.queryByTestId('meeting-join')).toBeNull();
  });
});

describe('member routes', () => {
  it('the live pages render inside the layout', async () => {
    premium();
    api(makeHome());
    renderMemberArea(`/member/livestreaming/${STREAM_ID}`);
    expect(await screen.findByText('LIVE')).toBeTruthy();
    expect(screen.getByTestId('member-side')).toBeTruthy();
  });

  it('an unknown member path goes back to /member', async () => {
    premium();
    api(makeHome());
    const { router } = renderMemberArea('/member/nowhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
  });

  it('videonastest: staff to /admin/video, members to /member', async () => {
    useStaffStore
      .getState()
      .setSession('staff-jwt', { id: 's1', username: 'admin', name: 'Admin', role: 'admin' });
    const staff = renderMemberArea('/member/videonastest/x');
    await waitFor(() => expect(staff.router.state.location.pathname).toBe('/admin/video'));
    staff.unmount();
    useStaffStore.setState({ token: null, staff: null });
    premium();
    api(makeHome());
    const member = renderMemberArea('/member/videonastest');
    await waitFor(() => expect(member.router.state.location.pathname).toBe('/member'));
  });
});
