import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveCommentStaff, LiveStreamStaff } from '@rian/proto-contracts/learning-live';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';

const STREAMS = '/api/learning/admin/live-streams';
const AT = '2026-11-26T05:00:00.000Z';
const stream = (over: Partial<LiveStreamStaff> = {}): LiveStreamStaff => ({
  id: '0190a0b0-0000-7000-8000-0000000000e1',
  name: 'ห้องเทรดสด',
  detail: null,
  url: null,
  server: 'rtmp://live.example/app',
  kind: 'trade',
  status: 'show',
  live: 'N',
  liveSince: null,
  hasStreamKey: true,
  keyRotatedAt: AT,
  createdBy: 's1',
  createdAt: AT,
  updatedAt: AT,
  usedBy: { courses: [], sessions: [] },
  ...over,
});
const S = stream();
const comment = (seq: number, text: string, over: Partial<LiveCommentStaff> = {}): LiveCommentStaff => ({
  seq,
  streamId: S.id,
  kind: 'comment',
  courseId: null,
  sessionId: null,
  author: { kind: 'member', name: `สมาชิก ${seq}` },
  text,
  call: null,
  streamTime: 12,
  broadcastId: null,
  createdAt: AT,
  userId: 'u1',
  hiddenAt: null,
  hiddenBy: null,
  pinned: false,
  ...over,
});

describe('/admin/liveStreaming', () => {
  it('lists the streams with what uses them, and the on-air switch sends live Y', async () => {
    const fetchMock = mockApi({
      [`GET ${STREAMS}`]: page([
        stream({
          usedBy: {
            courses: [{ id: 'c1', title: 'Forex', liveStreaming: 'Y' }],
            sessions: [{ id: 's1', courseId: 'c1', title: 'ไลฟ์', date: '2026-11-26' }],
          },
        }),
      ]),
      [`PUT ${STREAMS}/${S.id}`]: (_u, init) => json(200, { ...S, ...JSON.parse(String(init.body)) }),
    });
    renderAdmin('/admin/liveStreaming');
    const row = await screen.findByTestId('live-streams-table-row');
    expect(within(row).getByTestId('live-stream-name-value').textContent).toBe('ห้องเทรดสด');
    expect(within(row).getByText('ไลฟ์เทรด')).toBeTruthy();
    expect(within(row).getByText('1 คอร์ส · 1 คาบเรียน')).toBeTruthy();
    const toggle = within(row).getByRole('switch', { name: 'ออกอากาศ ห้องเทรดสด' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PUT', `${STREAMS}/${S.id}`)).toEqual([{ live: 'Y' }]),
    );
  });

  it('creates a stream and shows its key once, with a copy button; the list never shows it', async () => {
    const fetchMock = mockApi({
      [`GET ${STREAMS}`]: page([]),
      [`POST ${STREAMS}`]: (_u, init) =>
        json(201, { ...stream(JSON.parse(String(init.body))), streamKey: 'sk_live_0123456789abcdef' }),
    });
    renderAdmin('/admin/liveStreaming');
    const ue = userEvent.setup();
    // after setup: user-event puts a clipboard of its own in place
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await ue.click(await screen.findByTestId('live-streams-new'));
    const form = await screen.findByTestId('live-stream-dialog');
    await ue.type(within(form).getByTestId('live-stream-name'), 'ไลฟ์ Forex');
    await ue.type(within(form).getByTestId('live-stream-url'), 'bad path!');
    await ue.selectOptions(within(form).getByTestId('live-stream-kind'), 'stream');
    await ue.click(within(form).getByRole('button', { name: 'สร้าง' }));
    expect(await within(form).findByText(/ใช้ได้เฉพาะตัวอักษรอังกฤษ/)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', STREAMS)).toEqual([]);
    await ue.clear(within(form).getByTestId('live-stream-url'));
    await ue.type(within(form).getByTestId('live-stream-url'), 'app/forex');
    await ue.click(within(form).getByRole('button', { name: 'สร้าง' }));

    const key = await screen.findByTestId('stream-key-dialog');
    expect(within(key).getByTestId('stream-key-value').textContent).toBe('sk_live_0123456789abcdef');
    expect(within(key).getByText(/ระบบจะไม่แสดงคีย์นี้อีก/)).toBeTruthy();
    await ue.click(within(key).getByTestId('stream-key-copy'));
    expect(writeText).toHaveBeenCalledWith('sk_live_0123456789abcdef');
    expect(await within(key).findByText('คัดลอกแล้ว')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', STREAMS)).toEqual([
      { name: 'ไลฟ์ Forex', detail: null, url: 'app/forex', server: null, kind: 'stream', status: 'show' },
    ]);
    await ue.click(within(key).getByTestId('stream-key-done'));
    await waitFor(() => expect(screen.queryByTestId('stream-key-value')).toBeNull());
  });

  it('moderates comments: hide and pin by seq; a trade call is posted only while on air', async () => {
    const live = stream({ live: 'Y' });
    const fetchMock = mockApi({
      [`GET ${STREAMS}`]: page([live]),
      [`GET ${STREAMS}/${S.id}/comments`]: json(200, {
        items: [comment(1, 'สวัสดี'), comment(2, 'ข้อความไม่เหมาะสม'), comment(3, 'ซ่อนไปแล้ว', { hiddenAt: AT })],
      }),
      [`POST ${STREAMS}/${S.id}/comments/2/hide`]: json(200, comment(2, 'x')),
      [`POST ${STREAMS}/${S.id}/comments/1/pin`]: json(200, comment(1, 'x')),
      [`POST ${STREAMS}/${S.id}/calls`]: problem(409, 'learning.live_not_on_air', 'not on air', {
        messages: { th: 'ไลฟ์นี้ยังไม่ได้ออกอากาศ', en: 'This live stream is not on air' },
      }),
    });
    renderAdmin('/admin/liveStreaming');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('live-stream-comments'));
    const dialog = await screen.findByTestId('live-comments-dialog');
    const items = await within(dialog).findAllByTestId('staff-comment');
    expect(items.map((i) => i.getAttribute('data-seq'))).toEqual(['3', '2', '1']);
    expect(within(items[0]!).queryByTestId('staff-comment-hide')).toBeNull();
    await ue.click(within(items[1]!).getByRole('button', { name: 'ซ่อนความคิดเห็นของ สมาชิก 2' }));
    await ue.click(within(items[2]!).getByRole('button', { name: 'ปักหมุดความคิดเห็นของ สมาชิก 1' }));
    await waitFor(() => {
      expect(
        fetchMock.mock.calls.map(([u, i]) => `${i?.method} ${new URL(String(u), 'http://x').pathname}`),
      ).toEqual(
        expect.arrayContaining([
          `POST ${STREAMS}/${S.id}/comments/2/hide`,
          `POST ${STREAMS}/${S.id}/comments/1/pin`,
        ]),
      );
    });

    const call = within(dialog).getByTestId('trade-call-form');
    await ue.type(within(call).getByTestId('call-symbol'), 'xauusd');
    await ue.type(within(call).getByTestId('call-entry'), '2385.5');
    await ue.type(within(call).getByTestId('call-target'), 'abc');
    expect((within(call).getByTestId('call-post') as HTMLButtonElement).disabled).toBe(true);
    await ue.clear(within(call).getByTestId('call-target'));
    await ue.type(within(call).getByTestId('call-target'), '2399');
    await ue.click(within(call).getByTestId('call-post'));
    expect(await within(call).findByText('ไลฟ์นี้ยังไม่ได้ออกอากาศ')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `${STREAMS}/${S.id}/calls`)).toEqual([
      { symbol: 'XAUUSD', side: 'buy', entry: '2385.5', stop: null, target: '2399', note: null },
    ]);
  });
});
