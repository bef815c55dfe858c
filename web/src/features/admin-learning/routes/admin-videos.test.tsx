import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type { VideoStaff } from '@rian/proto-contracts/learning-content';
import { useStaffStore } from '@/stores/staff-store';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { fakeTusServer } from '@/testing/fake-tus';
import { isAssetBusy, pollWhileBusy } from '../api/videos';

// the staff preview's player: the test sees what hls.js is handed
const hls = vi.hoisted(() => ({ loadSource: vi.fn(), attachMedia: vi.fn(), destroy: vi.fn() }));
vi.mock('hls.js', () => {
  class Hls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    loadSource = hls.loadSource;
    attachMedia = hls.attachMedia;
    destroy = hls.destroy;
    on() {}
  }
  return { default: Hls };
});

const VIDEOS = '/api/learning/admin/videos';
const COURSES = '/api/learning/admin/courses';
const AT = '2026-01-01T00:00:00.000Z';
const COURSE_ID = '0190a0b0-0000-7000-8000-0000000000c1';
const OTHER_COURSE_ID = '0190a0b0-0000-7000-8000-0000000000c2';
const ASSET_ID = '0190a0b0-0000-7000-8000-0000000000a1';

const course = (id: string, title: string): CourseStaff => ({
  id,
  title,
  code: null,
  detail: null,
  status: 'open',
  date: null,
  liveStreaming: 'N',
  liveStreamingId: null,
  liveTradeId: null,
  liveStreamingPath: null,
  liveTradePath: null,
  createdBy: 's1',
  createdAt: AT,
  updatedAt: AT,
});
const COURSE_LIST = [course(COURSE_ID, 'เทรดทองคำ'), course(OTHER_COURSE_ID, 'ไลฟ์เทรด')];

const video = (over: Partial<VideoStaff>): VideoStaff => ({
  id: '0190a0b0-0000-7000-8000-0000000000v1',
  courseId: COURSE_ID,
  source: 'vimeo',
  vimeoId: '76979871',
  hlsUrl: null,
  embedUrl: null,
  assetId: null,
  name: 'บทที่ 1',
  detail: null,
  item: 1,
  status: 'show',
  durationSeconds: 754,
  path: null,
  preview: 'N',
  recordingBroadcastId: null,
  recordingOffsetS: 0,
  createdBy: 's1',
  createdAt: AT,
  updatedAt: AT,
  asset: null,
  documents: [],
  recording: null,
  ...over,
});
const UPLOAD = (status: 'transcoding' | 'ready' | 'failed', progress: number, error: string | null = null) =>
  video({
    id: '0190a0b0-0000-7000-8000-0000000000v2',
    name: 'บทที่ 2 (อัปโหลด)',
    source: 'upload',
    vimeoId: null,
    assetId: ASSET_ID,
    durationSeconds: status === 'ready' ? 12 : null,
    asset: {
      status,
      progress,
      error,
      durationSeconds: status === 'ready' ? 12 : null,
      poster: null,
      originalName: 'lesson2.mp4',
    },
  });

const queryOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => u.searchParams);

describe('/admin/video', () => {
  it('lists videos with their source, order, duration and upload state; filters by course through the server', async () => {
    const fetchMock = mockApi({
      [`GET ${COURSES}`]: page(COURSE_LIST),
      [`GET ${VIDEOS}`]: page([video({}), UPLOAD('failed', 30, 'ffprobe: no video stream')]),
    });
    renderAdmin('/admin/video');
    const rows = await screen.findAllByTestId('videos-table-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('video-row-source').dataset.source).toBe('vimeo');
    expect(within(rows[0]!).getByText('76979871')).toBeTruthy();
    expect(within(rows[0]!).getByText('12:34')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('video-asset-status').dataset.status).toBe('failed');
    expect(within(rows[1]!).getByTestId('video-asset-error').textContent).toBe('ffprobe: no video stream');
    expect(within(rows[1]!).queryByTestId('video-preview-open')).toBeNull();

    await userEvent.selectOptions(await screen.findByTestId('videos-course-filter'), OTHER_COURSE_ID);
    await waitFor(() =>
      expect(queryOf(fetchMock, VIDEOS).map((q) => q.get('courseId'))).toContain(OTHER_COURSE_ID),
    );
  });

  it('polls while an upload is transcoding and shows it ready, then offers a preview through hls.js with the signed address', async () => {
    let lists = 0;
    mockApi({
      [`GET ${COURSES}`]: page(COURSE_LIST),
      [`GET ${VIDEOS}`]: () => {
        lists += 1;
        return page([lists === 1 ? UPLOAD('transcoding', 40) : UPLOAD('ready', 100)]);
      },
      [`GET /api/media/admin/videos/${ASSET_ID}/playback`]: json(200, {
        playlistUrl: `/media/signed/hls/${ASSET_ID}/master.m3u8?exp=1&sig=abc`,
        posterUrl: `/media/signed/hls/${ASSET_ID}/poster.jpg?exp=1&sig=abc`,
        expiresAt: AT,
      }),
    });
    renderAdmin('/admin/video');
    const progress = await screen.findByTestId('video-asset-progress');
    expect(progress.getAttribute('value')).toBe('40');
    expect(progress.getAttribute('aria-label')).toContain('บทที่ 2');
    // the next poll (no user action) finds it ready
    await waitFor(() => expect(screen.getByTestId('video-asset-status').dataset.status).toBe('ready'), {
      timeout: 8_000,
    });
    expect(screen.queryByTestId('video-asset-progress')).toBeNull();

    await userEvent.click(screen.getByTestId('video-preview-open'));
    const player = await screen.findByTestId('video-preview-player');
    await waitFor(() =>
      expect(hls.loadSource).toHaveBeenCalledWith(`/media/signed/hls/${ASSET_ID}/master.m3u8?exp=1&sig=abc`),
    );
    expect(hls.attachMedia).toHaveBeenCalledWith(player);
  });

  it('polls only while an asset is uploading, queued or transcoding (or not yet known to learning)', () => {
    const pageOf = (items: VideoStaff[]) => ({ items, page: 1, pageSize: 20, total: items.length });
    expect(pollWhileBusy(pageOf([video({}), UPLOAD('transcoding', 10)]))).toBe(3_000);
    expect(pollWhileBusy(pageOf([video({ source: 'upload', assetId: ASSET_ID, asset: null })]))).toBe(3_000);
    expect(pollWhileBusy(pageOf([video({}), UPLOAD('ready', 100), UPLOAD('failed', 20, 'x')]))).toBe(false);
    expect(pollWhileBusy(undefined)).toBe(false);
    expect(isAssetBusy(video({ source: 'upload', assetId: null }))).toBe(false);
  });

  it('creates a Vimeo video marked as a free preview (client checks first) and shows the server’s refusal of an embed on its field', async () => {
    let posts = 0;
    const fetchMock = mockApi({
      [`GET ${COURSES}`]: page(COURSE_LIST),
      [`GET ${VIDEOS}`]: page([]),
      [`POST ${VIDEOS}`]: (_url, init) => {
        posts += 1;
        const body = JSON.parse(String(init.body)) as { source: string };
        return body.source === 'iframe'
          ? problem(400, 'validation.failed', 'Invalid', {
              errors: [
                {
                  field: '/embedCode',
                  code: 'learning.embed_not_allowed',
                  message: 'ฝังได้เฉพาะวิดีโอจาก Vimeo หรือ YouTube',
                },
              ],
            })
          : json(201, video({ id: 'new' }));
      },
    });
    renderAdmin(`/admin/video?course=${COURSE_ID}`);
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('videos-new'));
    const form = await screen.findByTestId('video-dialog');
    // the course filter is the new video's course
    await waitFor(() =>
      expect((within(form).getByTestId('video-course') as HTMLSelectElement).value).toBe(COURSE_ID),
    );
    await ue.type(within(form).getByTestId('video-vimeo-id'), 'vimeo.com/1');
    await ue.click(within(form).getByTestId('video-dialog-save'));
    expect(await within(form).findByText('กรุณากรอกข้อมูล')).toBeTruthy();
    expect(within(form).getByText('Vimeo ID ต้องเป็นตัวเลข')).toBeTruthy();
    expect(posts).toBe(0);

    await ue.type(within(form).getByTestId('video-name'), 'บทนำ');
    await ue.selectOptions(within(form).getByTestId('video-source'), 'iframe');
    await ue.type(
      within(form).getByTestId('video-embed-code'),
      '<iframe src="https://evil.example/x"></iframe>',
    );
    await ue.click(within(form).getByTestId('video-dialog-save'));
    expect(await within(form).findByText('ฝังได้เฉพาะวิดีโอจาก Vimeo หรือ YouTube')).toBeTruthy();
    expect(within(form).getByTestId('video-embed-code').getAttribute('aria-invalid')).toBe('true');
    // kept as text: nothing of it became an element
    expect(document.querySelector('iframe')).toBeNull();

    await ue.selectOptions(within(form).getByTestId('video-source'), 'vimeo');
    await ue.clear(within(form).getByTestId('video-vimeo-id'));
    await ue.type(within(form).getByTestId('video-vimeo-id'), '76979871');
    await ue.clear(within(form).getByTestId('video-item'));
    await ue.type(within(form).getByTestId('video-item'), '3');
    await ue.type(within(form).getByTestId('video-duration'), '600');
    await ue.click(within(form).getByLabelText('ตัวอย่างฟรี (free preview)'));
    await ue.click(within(form).getByTestId('video-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('video-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', VIDEOS).at(-1)).toEqual({
      courseId: COURSE_ID,
      source: 'vimeo',
      vimeoId: '76979871',
      name: 'บทนำ',
      detail: null,
      item: 3,
      status: 'create',
      preview: 'Y',
      durationSeconds: 600,
    });
  });

  it('uploads a lesson file with tus (progress, staff token on every request) and creates the video with the new asset id', async () => {
    const tus = fakeTusServer();
    const fetchMock = mockApi({
      [`GET ${COURSES}`]: page(COURSE_LIST),
      [`GET ${VIDEOS}`]: page([]),
      [`POST ${VIDEOS}`]: json(201, video({ id: 'new' })),
    });
    renderAdmin(`/admin/video?course=${COURSE_ID}`);
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('videos-new'));
    const form = await screen.findByTestId('video-dialog');
    await ue.type(within(form).getByTestId('video-name'), 'บทที่ 3');
    await ue.selectOptions(within(form).getByTestId('video-source'), 'upload');
    // saving before the upload is done is refused on the upload
    await ue.click(within(form).getByTestId('video-dialog-save'));
    expect((await within(form).findByTestId('video-asset-error')).textContent).toBe(
      'กรุณาอัปโหลดไฟล์วิดีโอให้เสร็จก่อน',
    );

    const file = new File([new Uint8Array(1000)], 'lesson3.mp4', { type: 'video/mp4', lastModified: 1 });
    await ue.upload(within(form).getByTestId('video-upload-input'), file);
    await waitFor(() =>
      expect(within(form).getByTestId('video-upload-progress').getAttribute('value')).toBe('50'),
    );
    tus.release();
    expect(await within(form).findByTestId('video-upload-done')).toBeTruthy();
    expect(within(form).getByTestId('video-upload-progress').getAttribute('value')).toBe('100');
    const [created] = [...tus.uploads.values()];
    expect(created).toMatchObject({ length: 1000, offset: 1000 });
    expect(within(form).getByTestId('video-asset-id').dataset.assetId).toBe(created!.id);
    expect(tus.requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);
    expect(tus.requests.every((r) => r.headers.authorization === 'Bearer staff-jwt')).toBe(true);
    expect(tus.requests[0]!.headers['upload-metadata']).toContain(`filename ${btoa('lesson3.mp4')}`);

    await ue.click(within(form).getByTestId('video-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('video-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', VIDEOS).at(-1)).toEqual({
      courseId: COURSE_ID,
      source: 'upload',
      assetId: created!.id,
      name: 'บทที่ 3',
      detail: null,
      item: 1,
      status: 'create',
      preview: 'N',
    });
  });

  it('pauses and resumes; after a reload the same file continues where media stopped, with the new token, and is set on the video', async () => {
    const tus = fakeTusServer();
    const existing = video({ source: 'upload', vimeoId: null, assetId: null, name: 'บทที่ 4' });
    const fetchMock = mockApi({
      [`GET ${COURSES}`]: page(COURSE_LIST),
      [`GET ${VIDEOS}`]: page([existing]),
      [`PUT ${VIDEOS}/${existing.id}`]: (_url, init) =>
        json(200, { ...existing, ...JSON.parse(String(init.body)) }),
    });
    renderAdmin('/admin/video');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('video-edit'));
    let form = await screen.findByTestId('video-dialog');
    const file = new File([new Uint8Array(2000)], 'lesson4.mp4', { type: 'video/mp4', lastModified: 2 });
    await ue.upload(within(form).getByTestId('video-upload-input'), file);
    await waitFor(() => expect(tus.waitingCount()).toBe(1));
    await ue.click(within(form).getByTestId('video-upload-pause'));
    const [upload] = [...tus.uploads.values()];
    // the half that arrived stays with media
    expect(upload!.offset).toBe(1000);
    expect(within(form).getByTestId('video-upload-progress').getAttribute('value')).toBe('50');
    await ue.click(within(form).getByTestId('video-upload-resume'));
    await waitFor(() => expect(tus.waitingCount()).toBe(1));
    await ue.click(within(form).getByTestId('video-upload-pause'));
    expect(upload!.offset).toBe(1500);

    // a reload: the page starts again; the staff member logs in anew and chooses the same file
    cleanup();
    const before = tus.requests.length;
    renderAdmin('/admin/video');
    useStaffStore
      .getState()
      .setSession('staff-jwt-2', { id: 's1', username: 'boss', name: 'Boss', role: 'admin' });
    await ue.click(await screen.findByTestId('video-edit'));
    form = await screen.findByTestId('video-dialog');
    expect((await within(form).findByTestId('video-upload-unfinished')).textContent).toContain('lesson4.mp4');
    tus.release({ hold: false });
    await ue.upload(within(form).getByTestId('video-upload-input'), file);
    expect(await within(form).findByTestId('video-upload-done')).toBeTruthy();
    expect(within(form).getByTestId('video-upload-resumed')).toBeTruthy();
    const after = tus.requests.slice(before);
    expect(after.map((r) => [r.method, r.headers['upload-offset']])).toEqual([
      ['HEAD', undefined],
      ['PATCH', '1500'],
    ]);
    expect(after.every((r) => r.headers.authorization === 'Bearer staff-jwt-2')).toBe(true);
    expect(tus.uploads.size).toBe(1);
    expect(upload!.offset).toBe(2000);
    // editing: the finished upload is the video's at once
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PUT', `${VIDEOS}/${existing.id}`)).toEqual([
        { source: 'upload', assetId: upload!.id },
      ]),
    );
    // done: the browser forgets it
    expect(Object.keys(localStorage).filter((k) => k.startsWith('tus::'))).toEqual([]);
  });

  it('marks a video as the recording of a stream’s broadcast with an offset, shows an unknown broadcast on its field, and unmarks it', async () => {
    const STREAM = '0190a0b0-0000-7000-8000-0000000000e3';
    const B1 = '0190a0b0-0000-7000-8000-0000000000b1';
    const B2 = '0190a0b0-0000-7000-8000-0000000000b2';
    let saved = video({});
    let refuse = true;
    const fetchMock = mockApi({
      [`GET ${COURSES}`]: page(COURSE_LIST),
      [`GET ${VIDEOS}`]: () => page([saved]),
      'GET /api/learning/admin/live-streams': page([
        { id: STREAM, name: 'ห้องเทรดสด', kind: 'trade' } as never,
      ]),
      [`GET /api/learning/admin/live-streams/${STREAM}/broadcasts`]: page([
        {
          id: B2,
          streamId: STREAM,
          startedAt: '2026-11-25T12:00:00.000Z',
          endedAt: null,
          callCount: 0,
          recordingCount: 0,
        },
        {
          id: B1,
          streamId: STREAM,
          startedAt: '2026-11-24T12:00:00.000Z',
          endedAt: '2026-11-24T12:45:00.000Z',
          callCount: 3,
          recordingCount: 0,
        },
      ] as never[]),
      [`PUT ${VIDEOS}/${saved.id}`]: (_url, init) => {
        const body = JSON.parse(String(init.body)) as Partial<VideoStaff>;
        if (refuse && body.recordingBroadcastId) {
          refuse = false;
          return problem(400, 'validation.failed', 'ข้อมูลไม่ถูกต้อง', {
            errors: [
              {
                field: 'recordingBroadcastId',
                code: 'learning.live_broadcast_unknown',
                message: 'ไม่พบการถ่ายทอดสดนี้ กรุณาเลือกจากรายการ',
              },
            ],
          });
        }
        saved = {
          ...saved,
          ...body,
          recording: body.recordingBroadcastId
            ? {
                id: body.recordingBroadcastId,
                streamId: STREAM,
                streamName: 'ห้องเทรดสด',
                startedAt: '2026-11-24T12:00:00.000Z',
                endedAt: '2026-11-24T12:45:00.000Z',
              }
            : null,
        };
        return json(200, saved);
      },
    });
    renderAdmin('/admin/video');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('video-edit'));
    let form = await screen.findByTestId('video-dialog');
    const recording = within(form).getByTestId('video-recording');
    expect(within(recording).getByText('บันทึกจากไลฟ์')).toBeTruthy();
    expect(within(form).queryByTestId('video-recording-broadcast')).toBeNull();
    await waitFor(() => expect(within(form).getByRole('option', { name: 'ห้องเทรดสด' })).toBeTruthy());
    await ue.selectOptions(within(form).getByTestId('video-recording-stream'), STREAM);
    const broadcast = within(form).getByTestId('video-recording-broadcast');
    await waitFor(() => expect(within(broadcast).getAllByRole('option')).toHaveLength(3));
    expect(within(broadcast).getAllByRole('option')[2]!.textContent).toContain('สัญญาณ 3 รายการ');
    expect(within(broadcast).getAllByRole('option')[1]!.textContent).toContain('กำลังออกอากาศ');
    // a stream without a broadcast chosen is refused here
    await ue.click(within(form).getByTestId('video-dialog-save'));
    expect(broadcast.getAttribute('aria-invalid')).toBe('true');
    await ue.selectOptions(broadcast, B1);
    await ue.clear(within(form).getByTestId('video-recording-offset'));
    await ue.type(within(form).getByTestId('video-recording-offset'), '90');
    await ue.click(within(form).getByTestId('video-dialog-save'));
    // the server did not know it: its message on the field, the dialog stays
    expect(await within(form).findByText('ไม่พบการถ่ายทอดสดนี้ กรุณาเลือกจากรายการ')).toBeTruthy();
    await ue.click(within(form).getByTestId('video-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('video-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', `${VIDEOS}/${saved.id}`).at(-1)).toMatchObject({
      recordingBroadcastId: B1,
      recordingOffsetS: 90,
    });

    // edit again: the stream and broadcast are chosen; "not a recording" unmarks it
    await ue.click(await screen.findByTestId('video-edit'));
    form = await screen.findByTestId('video-dialog');
    expect((within(form).getByTestId('video-recording-stream') as HTMLSelectElement).value).toBe(STREAM);
    expect((within(form).getByTestId('video-recording-offset') as HTMLInputElement).value).toBe('90');
    await ue.selectOptions(within(form).getByTestId('video-recording-stream'), '');
    await ue.click(within(form).getByTestId('video-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('video-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', `${VIDEOS}/${saved.id}`).at(-1)).toMatchObject({
      recordingBroadcastId: null,
      recordingOffsetS: 0,
    });
  });
});
