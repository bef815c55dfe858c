import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSlipRow } from '@rian/proto-contracts/payments';
import { bodiesSentTo, json, mockApi } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';

const SLIPS = '/api/payments/admin/slips';
const COUNT = '/api/payments/admin/slips/count';
const SLIP: AdminSlipRow = {
  id: '0190e0e0-0000-7000-8000-000000000051',
  status: 'wait',
  paymentDate: '2026-03-02',
  paymentTime: '14:30',
  amount: 300_000,
  note: null,
  url: '/api/payments/payments/slips/0190e0e0-0000-7000-8000-000000000051?exp=1&sig=s',
  urlExpiresAt: '2026-03-02T08:00:00.000Z',
  createdAt: '2026-03-02T07:31:00.000Z',
  reviewedAt: null,
  orderId: '0190b0c0-0000-7000-8000-000000000001',
  orderNo: 41,
  reference: 'SPSK0000000041',
  userId: 'u-somchai',
  userEmail: 'somchai@example.com',
  paymentType: 8,
  net: 900_000,
  period: 2,
  reviewedBy: null,
  reviewedByName: null,
};
const OTHER: AdminSlipRow = {
  ...SLIP,
  id: '0190e0e0-0000-7000-8000-000000000052',
  reference: 'SPSK0000000043',
  orderNo: 43,
  paymentType: 4,
  period: null,
  amount: 150_000,
  net: 150_000,
  userId: 'u-older-order',
  userEmail: null,
};

/** The slip queue as staff see it; approve/reject take a slip off it and lower the count. */
function slipServer(initial: AdminSlipRow[], history: AdminSlipRow[] = []) {
  let waiting = [...initial];
  const reviewed: AdminSlipRow[] = [...history];
  const review = (status: 'approved' | 'rejected') => (url: URL, init: RequestInit) => {
    const id = url.pathname.split('/').at(-2);
    const slip = waiting.find((s) => s.id === id)!;
    waiting = waiting.filter((s) => s.id !== id);
    const note = status === 'rejected' ? (JSON.parse(String(init.body)) as { note: string }).note : null;
    const done = {
      ...slip,
      status,
      note,
      reviewedBy: '0190f000-0000-7000-8000-00000000b055',
      reviewedByName: 'สมหญิง ตรวจดี',
      reviewedAt: '2026-03-02T09:00:00.000Z',
    };
    reviewed.push(done);
    return json(200, done);
  };
  const fetchMock = mockApi({
    [`GET ${SLIPS}`]: (url) => {
      const status = url.searchParams.get('status');
      return page(status === 'wait' ? waiting : reviewed.filter((s) => s.status === status));
    },
    [`GET ${COUNT}`]: () => json(200, { wait: waiting.length }),
    [`POST ${SLIPS}/${SLIP.id}/approve`]: review('approved'),
    [`POST ${SLIPS}/${OTHER.id}/approve`]: review('approved'),
    [`POST ${SLIPS}/${SLIP.id}/reject`]: review('rejected'),
    'GET /api/auth/admin/users': page([]),
  });
  const calls = (pathname: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
      .filter(({ url }) => url.pathname === pathname);
  return { fetchMock, calls };
}

describe('/admin/ordersConfirm', () => {
  it('lists the waiting slips oldest first with order, buyer, payment, amounts and transfer time; the image opens large', async () => {
    const { calls } = slipServer([SLIP, OTHER]);
    renderAdmin('/admin/ordersConfirm');
    const row = await screen.findByTestId('slip-row-SPSK0000000041');
    expect(screen.getByTestId('orders-confirm')).toBeTruthy();
    const table = screen.getByTestId('slips-table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-testid')),
    ).toEqual(['slip-row-SPSK0000000041', 'slip-row-SPSK0000000043']);
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(1, 8)
        .map((c) => c.textContent),
    ).toEqual([
      'SPSK0000000041',
      'somchai@example.com',
      'ผ่อนชำระ',
      '2',
      '฿9,000.00',
      '฿3,000.00',
      '2 มี.ค. 2026 14:30',
    ]);
    // an order from before the e-mail travelled with it: the account id stands in
    expect(within(screen.getByTestId('slip-row-SPSK0000000043')).getAllByRole('cell')[2]!.textContent).toBe(
      'u-older-order',
    );
    const first = calls(SLIPS)[0]!;
    expect(Object.fromEntries(first.url.searchParams)).toEqual({ status: 'wait', page: '1', pageSize: '20' });
    expect(first.init?.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });

    await userEvent.click(within(row).getByTestId('slip-image'));
    const large = await screen.findByTestId('slip-image-large');
    expect(within(large).getByRole('img', { name: 'สลิปของคำสั่งซื้อ SPSK0000000041' }).getAttribute('src')).toBe(
      SLIP.url,
    );
  });

  it('approving confirms first, sends the approval, takes the row off and refreshes the top-bar count', async () => {
    const { calls } = slipServer([SLIP, OTHER]);
    renderAdmin('/admin/ordersConfirm');
    const row = await screen.findByTestId('slip-row-SPSK0000000041');
    await waitFor(() => expect(screen.getByTestId('orders-waiting-count').textContent).toBe('2'));
    await userEvent.click(within(row).getByTestId('slip-approve'));
    expect(calls(`${SLIPS}/${SLIP.id}/approve`)).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('confirm-submit'));
    await waitFor(() => expect(screen.queryByTestId('slip-row-SPSK0000000041')).toBeNull());
    expect(calls(`${SLIPS}/${SLIP.id}/approve`)[0]!.init?.method).toBe('POST');
    expect(screen.getByTestId('slip-row-SPSK0000000043')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('orders-waiting-count').textContent).toBe('1'));
  });

  it('rejecting needs a note, sends it, and the slip moves to the rejected history with its note', async () => {
    const { fetchMock, calls } = slipServer([SLIP]);
    renderAdmin('/admin/ordersConfirm');
    const row = await screen.findByTestId('slip-row-SPSK0000000041');
    await userEvent.click(within(row).getByTestId('slip-reject'));
    const dialog = await screen.findByTestId('slip-reject-dialog');
    await userEvent.type(within(dialog).getByTestId('slip-reject-note'), '   ');
    await userEvent.click(within(dialog).getByTestId('slip-reject-save'));
    expect(within(dialog).getByText('กรุณากรอกข้อมูล')).toBeTruthy();
    expect(calls(`${SLIPS}/${SLIP.id}/reject`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByTestId('slip-reject-note'), 'ยอดเงินไม่ตรง');
    await userEvent.click(within(dialog).getByTestId('slip-reject-save'));
    await waitFor(() => expect(screen.queryByTestId('slip-reject-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', `${SLIPS}/${SLIP.id}/reject`)).toEqual([{ note: 'ยอดเงินไม่ตรง' }]);
    expect(await screen.findByTestId('slips-empty')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('orders-waiting-count').textContent).toBe('0'));

    await userEvent.click(screen.getByRole('tab', { name: 'ไม่อนุมัติ' }));
    const rejected = await screen.findByTestId('slip-row-SPSK0000000041');
    expect(within(rejected).getByTestId('slip-note').textContent).toBe('ยอดเงินไม่ตรง');
    expect(within(rejected).queryByTestId('slip-approve')).toBeNull();
    expect(calls(SLIPS).at(-1)!.url.searchParams.get('status')).toBe('rejected');
    // "checked by" is the staff member's name, not their id
    expect(within(rejected).getByTestId('slip-reviewer').textContent).toBe('สมหญิง ตรวจดี');
  });

  it('"checked by" shows the reviewer\'s name; a slip reviewed before names were kept shows the id', async () => {
    const named = {
      ...SLIP,
      status: 'approved' as const,
      reviewedAt: '2026-03-02T09:00:00.000Z',
      reviewedBy: '0190f000-0000-7000-8000-00000000b055',
      reviewedByName: 'สมหญิง ตรวจดี',
    };
    const older = {
      ...OTHER,
      status: 'approved' as const,
      reviewedAt: '2026-03-01T09:00:00.000Z',
      reviewedBy: 'staff-1',
    };
    slipServer([], [named, older]);
    renderAdmin('/admin/ordersConfirm');
    await userEvent.click(await screen.findByRole('tab', { name: 'ยืนยันแล้ว' }));
    const row = await screen.findByTestId('slip-row-SPSK0000000041');
    expect(within(row).getByTestId('slip-reviewer').textContent).toBe('สมหญิง ตรวจดี');
    expect(row.textContent).not.toContain(named.reviewedBy);
    const old = await screen.findByTestId('slip-row-SPSK0000000043');
    expect(within(old).getByTestId('slip-reviewer').textContent).toBe('staff-1');
  });
});
