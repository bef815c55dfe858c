import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckinKiosk, CheckinSession, CheckinStaff } from '@rian/proto-contracts/learning-checkin';
import { bodiesSentTo, json, mockApi } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { makeUser } from '@/testing/fixtures';

const BASE = '/api/learning/admin/checkins';
const COURSE = '0190a0b0-0000-7000-8000-0000000000a1';
const SESSION = '0190a0b0-0000-7000-8000-0000000000b1';
const session: CheckinSession = {
  id: SESSION,
  courseId: COURSE,
  title: 'สัมมนาที่ห้องเรียน',
  date: '2026-11-26',
  start: '09:00',
  to: '17:00',
  closeDate: null,
  checkedIn: 1,
};
const checkin = (over: Partial<CheckinStaff> = {}): CheckinStaff => ({
  id: '0190a0b0-0000-7000-8000-0000000000c1',
  sessionId: SESSION,
  courseId: COURSE,
  sessionTitle: 'สัมมนาที่ห้องเรียน',
  sessionDate: '2026-11-26',
  method: 'qr',
  checkedInAt: '2026-11-26T02:12:00.000Z',
  userId: 'u-1',
  memberName: 'สมชาย ใ.',
  checkedInBy: null,
  ...over,
});
const kiosk = (over: Partial<CheckinKiosk> = {}): CheckinKiosk => ({
  sessionId: SESSION,
  courseId: COURSE,
  title: 'สัมมนาที่ห้องเรียน',
  date: '2026-11-26',
  start: '09:00',
  to: '17:00',
  open: true,
  code: 'abcDEF123_-xyz',
  typedCode: '482913',
  url: `https://rian.example/checkIn?s=${SESSION}&c=abcDEF123_-xyz`,
  step: 59_000_000,
  changesAt: new Date(Date.now() + 20_000).toISOString(),
  serverTime: new Date().toISOString(),
  periodSeconds: 30,
  checkedIn: 3,
  ...over,
});
const common = {
  'GET /api/learning/admin/courses': page([{ id: COURSE, title: 'Forex พื้นฐาน' }]),
  [`GET ${BASE}/sessions`]: json(200, { items: [session] }),
};

describe('/admin/userChecking', () => {
  it('lists check-ins by the filters, with how and when (Bangkok), and who checked in by hand', async () => {
    const fetchMock = mockApi({
      ...common,
      [`GET ${BASE}`]: page([
        checkin(),
        checkin({ id: 'x2', method: 'staff', checkedInBy: 's1', userId: 'u-2' }),
      ]),
    });
    renderAdmin(`/admin/userChecking?course=${COURSE}&session=${SESSION}`);
    const rows = await screen.findAllByTestId('checkins-table-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('checkin-method').textContent).toBe('สแกน QR');
    expect(within(rows[0]!).getByTestId('checkin-time').textContent).toContain('09:12');
    expect(within(rows[1]!).getByText('โดย Boss')).toBeTruthy();
    const listCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname === BASE);
    expect(Object.fromEntries(listCall!.searchParams)).toMatchObject({
      courseId: COURSE,
      sessionId: SESSION,
    });
    // the kiosk is a link to the session's QR screen
    expect(screen.getByTestId('checkins-kiosk').getAttribute('href')).toBe(
      `/admin/userChecking/kiosk/${SESSION}`,
    );
  });

  it('without a session, the kiosk and by-hand buttons wait for one', async () => {
    mockApi({ ...common, [`GET ${BASE}`]: page([]) });
    renderAdmin('/admin/userChecking');
    expect(await screen.findByText('ยังไม่มีการเช็คอิน')).toBeTruthy();
    expect((screen.getByTestId('checkins-manual') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('checkins-kiosk') as HTMLButtonElement).disabled).toBe(true);
  });

  it('staff check a member in by hand: pick the member, POST with the session', async () => {
    const member = makeUser({ id: 'u-9', email: 'nok@example.com', firstName: 'นก', lastName: 'ใจดี' });
    const fetchMock = mockApi({
      ...common,
      [`GET ${BASE}`]: page([]),
      'GET /api/auth/admin/users': page([member]),
      [`POST ${BASE}`]: json(201, {
        result: 'checked_in',
        checkin: checkin({ userId: 'u-9', method: 'staff' }),
      }),
    });
    renderAdmin(`/admin/userChecking?course=${COURSE}&session=${SESSION}`);
    const ue = userEvent.setup();
    await waitFor(() =>
      expect((screen.getByTestId('checkins-manual') as HTMLButtonElement).disabled).toBe(false),
    );
    await ue.click(screen.getByTestId('checkins-manual'));
    const dialog = await screen.findByRole('dialog', { name: 'เช็คอินแทนผู้เรียน' });
    await ue.type(within(dialog).getByTestId('checkin-manual-member-search'), 'nok');
    await ue.click(await within(dialog).findByTestId('checkin-manual-member-option'));
    await ue.click(within(dialog).getByRole('button', { name: 'เช็คอิน' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', BASE)).toEqual([{ sessionId: SESSION, userId: 'u-9' }]);
  });

  it('downloads the CSV of what the filters select, with the staff token', async () => {
    const fetchMock = mockApi({
      ...common,
      [`GET ${BASE}`]: page([checkin()]),
      [`GET ${BASE}.csv`]: json(200, 'x'),
    });
    renderAdmin(`/admin/userChecking?session=${SESSION}`);
    await screen.findAllByTestId('checkins-table-row');
    await userEvent.click(screen.getByTestId('checkins-csv'));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(
        ([input]) => new URL(String(input), 'http://localhost').pathname === `${BASE}.csv`,
      );
      expect(call).toBeTruthy();
      expect(new URL(String(call![0]), 'http://localhost').searchParams.get('sessionId')).toBe(SESSION);
      expect(call![1]?.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });
    });
  });
});

describe('/admin/userChecking/kiosk/:sessionId', () => {
  it('shows the QR of the link, the typed code large, a countdown and the count', async () => {
    mockApi({ [`GET ${BASE}/kiosk/${SESSION}`]: json(200, kiosk()) });
    renderAdmin(`/admin/userChecking/kiosk/${SESSION}`);
    const qr = await screen.findByTestId('kiosk-qr', {}, { timeout: 5_000 });
    expect(qr.getAttribute('data-url')).toBe(`https://rian.example/checkIn?s=${SESSION}&c=abcDEF123_-xyz`);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(qr.getAttribute('alt')).toBe('QR Code สำหรับเช็คอินรอบ สัมมนาที่ห้องเรียน');
    expect(screen.getByTestId('kiosk-typed-code').textContent).toBe('482 913');
    expect(screen.getByTestId('kiosk-countdown').textContent).toMatch(/^รหัสใหม่ใน (19|20|21) วินาที$/);
    expect(screen.getByTestId('kiosk-count').textContent).toBe('เช็คอินแล้ว 3 คน');
    expect(screen.queryByTestId('kiosk-closed')).toBeNull();
  });

  it('says when today is outside the session’s check-in days', async () => {
    mockApi({ [`GET ${BASE}/kiosk/${SESSION}`]: json(200, kiosk({ open: false })) });
    renderAdmin(`/admin/userChecking/kiosk/${SESSION}`);
    expect(await screen.findByTestId('kiosk-closed')).toBeTruthy();
  });
});
