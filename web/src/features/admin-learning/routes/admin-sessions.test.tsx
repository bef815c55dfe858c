import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type { DocumentStaff, SessionStaff, ZoomRoomStaff } from '@rian/proto-contracts/learning-content';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';

const AT = '2026-01-01T00:00:00.000Z';
const COURSE_ID = '0190a0b0-0000-7000-8000-0000000000c1';
const COURSE = `/api/learning/admin/courses/${COURSE_ID}`;
const SESSIONS = `${COURSE}/sessions`;
const ROOM_ID = '0190a0b0-0000-7000-8000-0000000000z1';
const INSTRUCTOR_ID = '0190a0b0-0000-7000-8000-0000000000i1';
const DOC_ID = '0190a0b0-0000-7000-8000-0000000000d1';

const course: CourseStaff = {
  id: COURSE_ID,
  title: 'เทรดทองคำขั้นพื้นฐาน',
  code: 'GOLD1',
  detail: null,
  status: 'open',
  date: '2026-05-02',
  liveStreaming: 'N',
  liveStreamingId: null,
  liveTradeId: null,
  liveStreamingPath: null,
  liveTradePath: null,
  createdBy: 's1',
  createdAt: AT,
  updatedAt: AT,
};

const session = (id: string, over: Partial<SessionStaff>): SessionStaff => ({
  id,
  courseId: COURSE_ID,
  type: 'video',
  item: 1,
  title: id,
  detail: null,
  date: '2026-05-02',
  start: null,
  to: null,
  close: 'unlimit',
  view: 'Y',
  checkin: 'N',
  special: 'N',
  rating: 1,
  pdf: null,
  videoId: null,
  zoomRoomId: null,
  instructorId: null,
  liveStreamId: null,
  createdBy: 's1',
  createdAt: AT,
  updatedAt: AT,
  video: null,
  zoomRoom: null,
  instructor: null,
  documents: [],
  ...over,
});

const S1 = session('s-1', { title: 'บทนำ', item: 1, start: '19:00', to: '21:00' });
const S2 = session('s-2', {
  title: 'ประชุมสด',
  item: 2,
  type: 'meeting',
  zoomRoomId: ROOM_ID,
  zoomRoom: { id: ROOM_ID, title: 'ห้อง A' },
  rating: 3,
});
const S3 = session('s-3', { title: 'เวิร์กช็อป', item: 1, type: 'real', date: '2026-05-09', checkin: 'Y' });

const ROOM: ZoomRoomStaff = {
  id: ROOM_ID,
  title: 'ห้อง A',
  url: 'https://zoom.us/j/123456789',
  meetingId: '123456789',
  hasPasscode: true,
  passcode: 'abc',
  createdBy: 's1',
  createdAt: AT,
  updatedAt: AT,
};
const DOC: DocumentStaff = {
  id: DOC_ID,
  name: 'สไลด์บทที่ 1',
  detail: null,
  type: 'pdf',
  position: 1,
  fileId: '0190a0b0-0000-7000-8000-0000000000f1',
  img: null,
  file: null,
  createdBy: 's1',
  createdAt: AT,
  updatedAt: AT,
};

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET ${COURSE}`]: json(200, course),
    [`GET ${SESSIONS}`]: page([S1, S2, S3], 3, 1, 500),
    'GET /api/learning/admin/videos': page([]),
    'GET /api/learning/admin/zoom-rooms': page([ROOM]),
    'GET /api/learning/admin/documents': page([DOC]),
    'GET /api/catalog/admin/instructors': page([{ id: INSTRUCTOR_ID, name: 'โค้ชเอ' }]),
    ...extra,
  });
}

describe('/admin/coursesdetail/:id', () => {
  it("lists the course's sessions by date with type, times, room and flags", async () => {
    api();
    renderAdmin(`/admin/coursesdetail/${COURSE_ID}`);
    expect(await screen.findByText('รอบเรียน: เทรดทองคำขั้นพื้นฐาน')).toBeTruthy();
    const rows = await screen.findAllByTestId('sessions-table-row');
    expect(rows.map((r) => within(r).getByTestId('session-title-value').textContent)).toEqual([
      'บทนำ',
      'ประชุมสด',
      'เวิร์กช็อป',
    ]);
    expect(within(rows[0]!).getByText('2 พ.ค. 2026')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('session-time').textContent).toBe('19:00–21:00');
    expect(within(rows[1]!).getByTestId('session-type-badge').textContent).toBe('ประชุม Zoom');
    expect(within(rows[1]!).getByTestId('session-zoom-name').textContent).toBe('ห้อง A');
    expect(within(rows[2]!).getByText('เช็คอิน')).toBeTruthy();
    // the remove-Zoom action only where there is a room
    expect(within(rows[0]!).queryByTestId('session-remove-zoom')).toBeNull();
    expect(within(rows[1]!).getByTestId('session-remove-zoom')).toBeTruthy();
  });

  it('creates a meeting session with a Zoom room, an instructor and a document: the body and the list entry', async () => {
    const NEW_ID = 's-new';
    const fetchMock = api({
      [`POST ${SESSIONS}`]: (_u, init) =>
        json(201, session(NEW_ID, JSON.parse(String(init.body)) as Partial<SessionStaff>)),
      'POST /api/learning/admin/document-lists': (_u, init) =>
        json(201, { id: 'dl-1', ...JSON.parse(String(init.body)) }),
    });
    renderAdmin(`/admin/coursesdetail/${COURSE_ID}`);
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('sessions-new'));
    const form = await screen.findByTestId('session-dialog');
    await ue.selectOptions(within(form).getByTestId('session-type'), 'meeting');
    await ue.type(within(form).getByTestId('session-title'), 'ไลฟ์ถาม-ตอบ');
    fireEvent.change(within(form).getByTestId('session-date'), { target: { value: '2026-05-03' } });
    fireEvent.change(within(form).getByTestId('session-start'), { target: { value: '20:00' } });
    fireEvent.change(within(form).getByTestId('session-to'), { target: { value: '21:30' } });
    await ue.click(within(form).getByTestId('session-checkin'));
    await within(form).findByRole('option', { name: 'ห้อง A' });
    await ue.selectOptions(within(form).getByTestId('session-zoom'), ROOM_ID);
    await within(form).findByRole('option', { name: 'โค้ชเอ' });
    await ue.selectOptions(within(form).getByTestId('session-instructor'), INSTRUCTOR_ID);
    await within(form).findByRole('option', { name: 'สไลด์บทที่ 1' });
    await ue.selectOptions(within(form).getByTestId('session-document-pick'), DOC_ID);
    await ue.click(within(form).getByTestId('session-document-add'));
    expect(within(form).getByTestId('session-document').textContent).toContain('สไลด์บทที่ 1');
    await ue.click(within(form).getByTestId('session-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('session-dialog')).toBeNull());

    expect(bodiesSentTo(fetchMock, 'POST', SESSIONS)).toEqual([
      {
        type: 'meeting',
        title: 'ไลฟ์ถาม-ตอบ',
        detail: null,
        date: '2026-05-03',
        start: '20:00',
        to: '21:30',
        close: 'unlimit',
        view: 'Y',
        checkin: 'Y',
        special: 'N',
        rating: 1,
        pdf: null,
        videoId: null,
        zoomRoomId: ROOM_ID,
        instructorId: INSTRUCTOR_ID,
      },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/learning/admin/document-lists')).toEqual([
      { documentId: DOC_ID, sessionId: NEW_ID },
    ]);
  });

  it("edits a session: a close date is sent as the date; the server's field refusal shows on its field", async () => {
    const fetchMock = api({
      [`PUT ${SESSIONS}/s-1`]: problem(400, 'validation.failed', 'invalid', {
        errors: [
          {
            field: '/videoId',
            code: 'learning.video_unknown',
            message: 'ไม่พบวิดีโอนี้ในคอร์สนี้ กรุณาเลือกจากรายการ',
          },
        ],
      }),
      'GET /api/learning/admin/videos': page([
        { id: 'v-1', name: 'วิดีโอบทนำ', courseId: COURSE_ID, documents: [], asset: null },
      ]),
    });
    renderAdmin(`/admin/coursesdetail/${COURSE_ID}`);
    const ue = userEvent.setup();
    const rows = await screen.findAllByTestId('sessions-table-row');
    await ue.click(within(rows[0]!).getByTestId('session-edit'));
    const form = await screen.findByTestId('session-dialog');
    // client check first: a close date before the session's date
    await ue.click(within(form).getByTestId('session-unlimited'));
    fireEvent.change(within(form).getByTestId('session-close'), { target: { value: '2026-05-01' } });
    await ue.click(within(form).getByTestId('session-dialog-save'));
    expect(await within(form).findByText('วันปิดต้องไม่ก่อนวันที่ของรอบเรียน')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PUT', `${SESSIONS}/s-1`)).toEqual([]);

    fireEvent.change(within(form).getByTestId('session-close'), { target: { value: '2026-05-05' } });
    await within(form).findByRole('option', { name: 'วิดีโอบทนำ' });
    await ue.selectOptions(within(form).getByTestId('session-video'), 'v-1');
    await ue.click(within(form).getByTestId('session-dialog-save'));
    expect(await within(form).findByText('ไม่พบวิดีโอนี้ในคอร์สนี้ กรุณาเลือกจากรายการ')).toBeTruthy();
    expect(within(form).getByTestId('session-video').getAttribute('aria-invalid')).toBe('true');
    expect(bodiesSentTo(fetchMock, 'PUT', `${SESSIONS}/s-1`)).toMatchObject([
      { close: '2026-05-05', videoId: 'v-1', item: 1, start: '19:00', to: '21:00' },
    ]);
  });

  it('takes a document off a session: the session is saved, then its list entry deleted', async () => {
    const withDoc = session('s-1', {
      title: 'บทนำ',
      documents: [{ documentListId: 'dl-9', documentId: DOC_ID, name: 'สไลด์บทที่ 1', type: 'pdf' }],
    });
    const fetchMock = api({
      [`GET ${SESSIONS}`]: page([withDoc], 1, 1, 500),
      [`PUT ${SESSIONS}/s-1`]: json(200, withDoc),
      'DELETE /api/learning/admin/document-lists/dl-9': json(204),
    });
    renderAdmin(`/admin/coursesdetail/${COURSE_ID}`);
    const ue = userEvent.setup();
    const [row] = await screen.findAllByTestId('sessions-table-row');
    expect(within(row!).getByText('เอกสาร 1 รายการ')).toBeTruthy();
    await ue.click(within(row!).getByTestId('session-edit'));
    const form = await screen.findByTestId('session-dialog');
    await ue.click(within(form).getByTestId('session-document-remove'));
    await ue.click(within(form).getByTestId('session-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('session-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', `${SESSIONS}/s-1`)).toHaveLength(1);
    expect(
      fetchMock.mock.calls.filter(([u, init]) => init?.method === 'DELETE' && String(u).endsWith('/dl-9')),
    ).toHaveLength(1);
  });

  it('moves a session up with the arrow key on its handle: the reorder route gets the new order', async () => {
    // the server keeps the order it was given
    let order = [S1, S2, S3];
    const fetchMock = api({
      [`GET ${SESSIONS}`]: () => page(order, 3, 1, 500),
      [`POST ${SESSIONS}/reorder`]: (_u, init) => {
        const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
        order = ids.map((id) => order.find((s) => s.id === id)!);
        return page(order, 3, 1, 500);
      },
    });
    renderAdmin(`/admin/coursesdetail/${COURSE_ID}`);
    const ue = userEvent.setup();
    const rows = await screen.findAllByTestId('sessions-table-row');
    // the first of a day cannot go up; the last of a day cannot go down (the list is by date)
    expect(within(rows[0]!).getByTestId<HTMLButtonElement>('session-move-up').disabled).toBe(true);
    expect(within(rows[1]!).getByTestId<HTMLButtonElement>('session-move-down').disabled).toBe(true);
    within(rows[1]!).getByTestId('session-move-handle').focus();
    await ue.keyboard('{ArrowUp}');
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST', `${SESSIONS}/reorder`)).toEqual([
        { ids: ['s-2', 's-1', 's-3'] },
      ]),
    );
    // the moved row is shown first, and keeps the focus
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('sessions-table-row')[0]!).getByTestId('session-title-value')
          .textContent,
      ).toBe('ประชุมสด'),
    );
    const after = screen.getAllByTestId('sessions-table-row');
    expect(within(after[0]!).getByTestId('session-title-value').textContent).toBe('ประชุมสด');
    expect(document.activeElement).toBe(within(after[0]!).getByTestId('session-move-handle'));

    // the down button does the same
    await ue.click(within(after[0]!).getByTestId('session-move-down'));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST', `${SESSIONS}/reorder`)).toHaveLength(2));
  });

  it('moves a session by dragging its row onto another of the same day (not onto another day)', async () => {
    const fetchMock = api({ [`POST ${SESSIONS}/reorder`]: page([S2, S1, S3], 3, 1, 500) });
    renderAdmin(`/admin/coursesdetail/${COURSE_ID}`);
    const rows = await screen.findAllByTestId('sessions-table-row');
    const dataTransfer = { setData: () => {}, effectAllowed: '' };
    // another day's row does not take the drop: nothing is sent
    fireEvent.dragStart(rows[2]!, { dataTransfer });
    expect(fireEvent.dragOver(rows[0]!, { dataTransfer })).toBe(true);
    fireEvent.dragEnd(rows[2]!, { dataTransfer });

    fireEvent.dragStart(rows[1]!, { dataTransfer });
    // a cancelled dragover is what lets the browser drop here
    expect(fireEvent.dragOver(rows[0]!, { dataTransfer })).toBe(false);
    fireEvent.drop(rows[0]!, { dataTransfer });
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST', `${SESSIONS}/reorder`)).toEqual([
        { ids: ['s-2', 's-1', 's-3'] },
      ]),
    );
  });

  it("removes a session's Zoom room (zoomRoomId null) and changes a rating in its row", async () => {
    const fetchMock = api({ [`PUT ${SESSIONS}/s-2`]: json(200, S2) });
    renderAdmin(`/admin/coursesdetail/${COURSE_ID}`);
    const ue = userEvent.setup();
    const rows = await screen.findAllByTestId('sessions-table-row');
    await ue.click(within(rows[1]!).getByTestId('session-remove-zoom'));
    await ue.selectOptions(within(rows[1]!).getByTestId('session-rating'), '5');
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PUT', `${SESSIONS}/s-2`)).toEqual([
        { zoomRoomId: null },
        { rating: 5 },
      ]),
    );
  });

  it('deletes a session once confirmed', async () => {
    const fetchMock = api({ [`DELETE ${SESSIONS}/s-3`]: json(204) });
    renderAdmin(`/admin/coursesdetail/${COURSE_ID}`);
    const ue = userEvent.setup();
    const rows = await screen.findAllByTestId('sessions-table-row');
    await ue.click(within(rows[2]!).getByTestId('session-delete'));
    await ue.click(await screen.findByTestId('confirm-submit'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) => init?.method === 'DELETE' && String(u).endsWith(`${SESSIONS}/s-3`),
        ),
      ).toBe(true),
    );
  });
});
