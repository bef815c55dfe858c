import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';

const COURSES = '/api/learning/admin/courses';
const AT = '2026-01-01T00:00:00.000Z';
const COURSE: CourseStaff = {
  id: '0190a0b0-0000-7000-8000-0000000000c1',
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

describe('/admin/courses', () => {
  it('lists courses with their reference id; filters by status through the server', async () => {
    const fetchMock = mockApi({ [`GET ${COURSES}`]: page([COURSE]) });
    renderAdmin('/admin/courses');
    const row = await screen.findByTestId('course-row-GOLD1');
    expect(within(row).getByText('เทรดทองคำขั้นพื้นฐาน')).toBeTruthy();
    expect(within(row).getByTestId('course-id-value').textContent).toBe(COURSE.id);
    expect(within(row).getByText('เปิด')).toBeTruthy();
    expect(within(row).getByTestId('course-sessions').getAttribute('href')).toBe(
      `/admin/coursesdetail/${COURSE.id}`,
    );
    await userEvent.selectOptions(screen.getByTestId('courses-status-filter'), 'closed');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').searchParams.get('status')),
      ).toContain('closed'),
    );
  });

  it('checks the form first (Thai required message, code format), then shows a taken code on its field', async () => {
    let posts = 0;
    const fetchMock = mockApi({
      [`GET ${COURSES}`]: page([]),
      [`POST ${COURSES}`]: (_url, init) => {
        posts += 1;
        return posts === 1
          ? problem(409, 'learning.course_code_taken', 'Another course already has this code', {
              messages: { th: 'รหัสคอร์สนี้ถูกใช้แล้ว', en: 'Another course already has this code' },
            })
          : json(201, { ...COURSE, id: 'new', ...JSON.parse(String(init.body)) });
      },
    });
    renderAdmin('/admin/courses');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('courses-new'));
    const form = await screen.findByTestId('course-dialog');
    await ue.type(within(form).getByTestId('course-code'), 'bad code');
    await ue.click(within(form).getByTestId('course-dialog-save'));
    expect(await within(form).findByText('กรุณากรอกข้อมูล')).toBeTruthy();
    expect(within(form).getByTestId('course-code').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toBe(0);

    await ue.type(within(form).getByTestId('course-title'), 'ไลฟ์เทรดสด');
    await ue.clear(within(form).getByTestId('course-code'));
    await ue.type(within(form).getByTestId('course-code'), 'LIVE1');
    await ue.click(within(form).getByTestId('course-live-streaming'));
    await ue.click(within(form).getByTestId('course-dialog-save'));
    expect(await within(form).findByText('รหัสคอร์สนี้ถูกใช้แล้ว')).toBeTruthy();
    expect(within(form).getByTestId('course-code').getAttribute('aria-invalid')).toBe('true');

    await ue.clear(within(form).getByTestId('course-code'));
    await ue.type(within(form).getByTestId('course-code'), 'LIVE2');
    await ue.click(within(form).getByTestId('course-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('course-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', COURSES).at(-1)).toEqual({
      title: 'ไลฟ์เทรดสด',
      code: 'LIVE2',
      detail: null,
      status: 'open',
      date: null,
      liveStreaming: 'Y',
      liveStreamingPath: null,
      liveTradePath: null,
    });
  });

  it('the live part of the dialog uploads each picture to media by its kind, previews it, and clears it; the list shows them', async () => {
    const STREAMING = '/api/media/images/live-streaming/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg';
    const TRADE = '/api/media/images/live-trade/0123456789abcdef0123456789abcdef.webp';
    const withPicture = { ...COURSE, liveStreaming: 'Y' as const, liveStreamingPath: STREAMING };
    const uploads: { kind: string; file: FormDataEntryValue | null }[] = [];
    let refuse = true;
    const fetchMock = mockApi({
      [`GET ${COURSES}`]: page([withPicture]),
      'POST /api/media/images/live-trade': (_url, init) => {
        uploads.push({ kind: 'live-trade', file: (init.body as FormData).get('images') });
        if (refuse) {
          refuse = false;
          return problem(415, 'media.unsupported_type', 'unsupported', {
            messages: { th: 'รองรับเฉพาะไฟล์ PNG, JPEG, GIF หรือ WebP', en: 'Only PNG, JPEG, GIF or WebP' },
          });
        }
        return json(200, {
          filename: TRADE.split('/').at(-1),
          url: TRADE,
          width: 1280,
          height: 720,
          bytes: 2048,
          contentType: 'image/webp',
        });
      },
      [`PUT ${COURSES}/${COURSE.id}`]: (_url, init) =>
        json(200, { ...withPicture, ...JSON.parse(String(init.body)) }),
    });
    renderAdmin('/admin/courses');
    const ue = userEvent.setup();
    const row = await screen.findByTestId('course-row-GOLD1');
    // the list: the flag and the streaming picture (no trade picture yet)
    const cell = within(row).getByTestId('course-live-cell');
    expect(
      within(cell).getByRole('img', { name: 'รูปไลฟ์สตรีมมิ่งของ เทรดทองคำขั้นพื้นฐาน' }).getAttribute('src'),
    ).toBe(STREAMING);
    expect(within(cell).getAllByRole('img')).toHaveLength(1);

    await ue.click(within(row).getByTestId('course-edit'));
    const form = await screen.findByTestId('course-dialog');
    const live = within(form).getByTestId('course-live');
    expect(within(live).getByText('ไลฟ์สตรีมมิ่ง', { selector: 'legend' })).toBeTruthy();
    expect(within(live).getByTestId('course-live-streaming-image-preview').getAttribute('src')).toBe(
      STREAMING,
    );
    expect(within(live).queryByTestId('course-live-trade-image-preview')).toBeNull();
    expect(within(live).getByText('ยังไม่มีรูป')).toBeTruthy();

    // a file that is not a picture is refused here, before any upload
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        within(live).getByTestId('course-live-trade-image-input'),
        new File(['<svg/>'], 'trade.svg', { type: 'image/svg+xml' }),
      );
    expect(await within(live).findByText('รองรับเฉพาะไฟล์ PNG, JPEG, GIF หรือ WebP')).toBeTruthy();
    expect(uploads).toHaveLength(0);

    // media's refusal shows on the field; the next try stores it and previews it
    const picture = new File([new Uint8Array([82, 73, 70, 70])], 'trade.webp', { type: 'image/webp' });
    await ue.upload(within(live).getByTestId('course-live-trade-image-input'), picture);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(within(live).queryByTestId('course-live-trade-image-preview')).toBeNull();
    await ue.upload(within(live).getByTestId('course-live-trade-image-input'), picture);
    expect((await within(live).findByTestId('course-live-trade-image-preview')).getAttribute('src')).toBe(
      TRADE,
    );
    expect(uploads.map((u) => [u.kind, (u.file as File).name])).toEqual([
      ['live-trade', 'trade.webp'],
      ['live-trade', 'trade.webp'],
    ]);

    // the streaming picture is taken off
    await ue.click(within(live).getByTestId('course-live-streaming-image-remove'));
    expect(within(live).queryByTestId('course-live-streaming-image-preview')).toBeNull();

    await ue.click(within(form).getByTestId('course-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('course-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', `${COURSES}/${COURSE.id}`).at(-1)).toMatchObject({
      liveStreaming: 'Y',
      liveStreamingPath: null,
      liveTradePath: TRADE,
    });
  });

  it('a course with members stays: the refusal shows in the delete dialog', async () => {
    mockApi({
      [`GET ${COURSES}`]: page([COURSE]),
      [`DELETE ${COURSES}/${COURSE.id}`]: problem(409, 'learning.course_in_use', 'in use', {
        messages: {
          th: 'มีผู้เรียนลงทะเบียนคอร์สนี้แล้ว ไม่สามารถลบได้',
          en: 'Members are enrolled in this course; it cannot be deleted',
        },
      }),
    });
    renderAdmin('/admin/courses');
    const ue = userEvent.setup();
    const row = await screen.findByTestId('course-row-GOLD1');
    await ue.click(within(row).getByTestId('course-delete'));
    await ue.click(await screen.findByTestId('confirm-submit'));
    expect(await screen.findByText('มีผู้เรียนลงทะเบียนคอร์สนี้แล้ว ไม่สามารถลบได้')).toBeTruthy();
  });
});
