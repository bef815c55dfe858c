import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { json, mockApi } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { SLIP_COUNTS_REFRESH_MS } from '../api/get-slip-counts';
import { LIVE_RETRY_FIRST_MS } from '../api/live-slip-counts';

const COUNTS = '/api/payments/admin/slips/count';
const LIVE = '/api/live/admin';

/** A server-sent event stream the test writes to, as the gateway would. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    comment: () => controller.enqueue(encoder.encode(': heartbeat\n\n')),
    end: () => controller.close(),
  };
}

/** The API mock plus the live stream route: each connection takes the next stream (none left: 503). */
function mockWithLive(routes: Parameters<typeof mockApi>[0], streams: ReturnType<typeof liveStream>[]) {
  const api = mockApi(routes);
  const live = vi.fn(async (_input: RequestInfo | URL, _init: RequestInit = {}) => {
    const next = streams.shift();
    return next ? next.response() : new Response(null, { status: 503 });
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input), 'http://localhost').pathname === LIVE ? live(input, init) : api(input, init),
    ),
  );
  return { api, live };
}

describe('the back office top bar', () => {
  afterEach(() => vi.useRealTimers());

  it('shows how many transfer slips wait for confirmation, links to /admin/ordersConfirm, and asks again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let wait = 3;
    const fetchMock = mockApi({
      [`GET ${COUNTS}`]: () => json(200, { wait }),
      'GET /api/auth/admin/users': page([]),
    });
    renderAdmin('/admin/');
    const badge = await screen.findByRole('link', { name: 'รอยืนยัน 3 สลิป' });
    expect(badge.getAttribute('href')).toBe('/admin/ordersConfirm');
    expect(screen.getByTestId('orders-waiting-count').textContent).toBe('3');
    const asked = () => fetchMock.mock.calls.filter(([input]) => String(input) === COUNTS);
    expect(asked()[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });

    wait = 4;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SLIP_COUNTS_REFRESH_MS);
    });
    await waitFor(() => expect(screen.getByTestId('orders-waiting-count').textContent).toBe('4'));
    expect(asked().length).toBeGreaterThanOrEqual(2);
  });

  it('shows no badge when the count cannot be read', async () => {
    mockApi({ 'GET /api/auth/admin/users': page([]) });
    renderAdmin('/admin/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByTestId('orders-waiting')).toBeNull();
  });

  it('updates live from the stream, without waiting for the poll, and polls slower while live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stream = liveStream();
    const { api, live } = mockWithLive(
      { [`GET ${COUNTS}`]: json(200, { wait: 3 }), 'GET /api/auth/admin/users': page([]) },
      [stream],
    );
    renderAdmin('/admin/');
    await screen.findByRole('link', { name: 'รอยืนยัน 3 สลิป' });
    await waitFor(() => expect(live).toHaveBeenCalledTimes(1));
    expect(live.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });

    stream.send('status', { live: true });
    stream.send('slips', { wait: 3 });
    stream.comment();
    stream.send('slips', { wait: 7 });
    await waitFor(() => expect(screen.getByTestId('orders-waiting-count').textContent).toBe('7'));
    expect(screen.getByRole('link', { name: 'รอยืนยัน 7 สลิป' })).toBeTruthy();

    stream.send('slips', { wait: 0 });
    await waitFor(() => expect(screen.getByTestId('orders-waiting-count').textContent).toBe('0'));

    // live: the minute's poll is not needed
    const polls = () => api.mock.calls.filter(([input]) => String(input) === COUNTS).length;
    const before = polls();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SLIP_COUNTS_REFRESH_MS + 1_000);
    });
    expect(polls()).toBe(before);
  });

  it('reconnects with a growing wait when the stream ends or fails, and polls meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = liveStream();
    const second = liveStream();
    let wait = 2;
    const streams = [first];
    const { live, api } = mockWithLive(
      { [`GET ${COUNTS}`]: () => json(200, { wait }), 'GET /api/auth/admin/users': page([]) },
      streams,
    );
    renderAdmin('/admin/');
    await screen.findByRole('link', { name: 'รอยืนยัน 2 สลิป' });
    await waitFor(() => expect(live).toHaveBeenCalledTimes(1));
    first.send('status', { live: true });
    first.end();

    // the next try fails (503): the one after waits about twice as long
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_RETRY_FIRST_MS * 1.2 + 10);
    });
    expect(live).toHaveBeenCalledTimes(2);
    streams.push(second);
    await act(async () => {
      // longer than any first wait (at most 1.2 × the first)
      await vi.advanceTimersByTimeAsync(LIVE_RETRY_FIRST_MS * 1.25);
    });
    expect(live).toHaveBeenCalledTimes(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_RETRY_FIRST_MS * 1.2);
    });
    expect(live).toHaveBeenCalledTimes(3);

    // while not live, the poll keeps the badge right
    wait = 5;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SLIP_COUNTS_REFRESH_MS);
    });
    await waitFor(() => expect(screen.getByTestId('orders-waiting-count').textContent).toBe('5'));
    expect(api.mock.calls.filter(([input]) => String(input) === COUNTS).length).toBeGreaterThanOrEqual(2);

    second.send('slips', { wait: 6 });
    await waitFor(() => expect(screen.getByTestId('orders-waiting-count').textContent).toBe('6'));
  });

  it('stops trying when the gateway refuses the token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ [`GET ${COUNTS}`]: json(200, { wait: 1 }), 'GET /api/auth/admin/users': page([]) });
    const live = vi.fn(async () => new Response(null, { status: 403 }));
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        new URL(String(input), 'http://localhost').pathname === LIVE ? live() : api(input, init),
      ),
    );
    renderAdmin('/admin/');
    await screen.findByRole('link', { name: 'รอยืนยัน 1 สลิป' });
    await waitFor(() => expect(live).toHaveBeenCalledTimes(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_RETRY_FIRST_MS * 10);
    });
    expect(live).toHaveBeenCalledTimes(1);
  });
});
