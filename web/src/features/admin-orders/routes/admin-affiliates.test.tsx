import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AffiliateRow } from '@rian/proto-contracts/orders-admin';
import { mockApi } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { makeAdminOrderRow } from '@/testing/order-fixtures';

const AFFILIATES = '/api/orders/admin/affiliates';
const ORDERS = '/api/orders/admin/orders';
const SOMSAK: AffiliateRow = {
  invite: 'somsak',
  orders: 3,
  paidOrders: 2,
  net: 2_705_298,
  paidNet: 1_803_532,
  lastOrderAt: '2026-03-05T12:00:00.000Z',
};
const MALEE: AffiliateRow = {
  ...SOMSAK,
  invite: 'malee.t',
  orders: 1,
  paidOrders: 0,
  paidNet: 0,
  net: 150_000,
};

const queries = (fetchMock: ReturnType<typeof mockApi>, pathname: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === pathname)
    .map((url) => Object.fromEntries(url.searchParams));

describe('/admin/affiliate', () => {
  it('lists the referrers with their orders and amounts, by days and search', async () => {
    const fetchMock = mockApi({ [`GET ${AFFILIATES}`]: page([SOMSAK, MALEE], 2) });
    renderAdmin('/admin/affiliate');
    const row = await screen.findByTestId('affiliate-somsak');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['somsak', '3', '2', '฿27,052.98', '฿18,035.32', '5 มี.ค. 2026 19:00', 'ดูคำสั่งซื้อ']);
    expect(queries(fetchMock, AFFILIATES)[0]).toEqual({ page: '1', pageSize: '20' });

    fireEvent.change(screen.getByTestId('affiliates-from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('affiliates-to'), { target: { value: '2026-03-31' } });
    await userEvent.type(screen.getByTestId('affiliates-search'), 'som');
    await waitFor(() =>
      expect(queries(fetchMock, AFFILIATES).at(-1)).toEqual({
        from: '2026-03-01',
        to: '2026-03-31',
        q: 'som',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it('a referrer opens the orders list filtered to it, over the same days', async () => {
    const fetchMock = mockApi({
      [`GET ${AFFILIATES}`]: page([SOMSAK]),
      [`GET ${ORDERS}`]: page([makeAdminOrderRow({ invite: 'somsak' })]),
    });
    const router = renderAdmin('/admin/affiliate?from=2026-03-01&to=2026-03-31');
    const row = await screen.findByTestId('affiliate-somsak');
    await userEvent.click(within(row).getByRole('link', { name: 'ดูคำสั่งซื้อของผู้แนะนำ somsak' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(await screen.findByTestId('orders-invite-filter')).toBeTruthy();
    await screen.findAllByTestId('orders-table-row');
    expect(queries(fetchMock, ORDERS)[0]).toEqual({
      invite: 'somsak',
      from: '2026-03-01',
      to: '2026-03-31',
      page: '1',
      pageSize: '20',
      sort: '-createdAt',
    });
  });
});
