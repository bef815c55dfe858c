import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { json, mockApi } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { SLIP_COUNTS_REFRESH_MS } from '../api/get-slip-counts';

const COUNTS = '/api/payments/admin/slips/count';

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
});
