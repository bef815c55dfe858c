import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderView } from '@rian/proto-contracts/orders';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { renderApp } from '@/testing/app';
import { makeUser } from '@/testing/fixtures';
import { makeOrder } from '@/testing/order-fixtures';
import { useAuthStore } from '@/stores/auth-store';

const MINE = '/api/orders/orders/mine';
const CARD = makeOrder();
const PLAN = makeOrder({
  id: '0190b0c0-0000-7000-8000-000000000002',
  orderNo: 41,
  reference: 'SPSK0000000041',
  status: 'paid',
  paymentType: 8,
  total: 3_000_000,
  discount: 0,
  vat: 196_262,
  fee: 0,
  withholding: 0,
  net: 3_000_000,
  receipt: 'N',
  receiptType: 'person',
  receiptInfo: null,
  productTitle: 'Forex Pro',
  installments: [
    { period: 1, dueDate: '2026-02-15', amount: 1_000_000, status: 'finish' },
    { period: 2, dueDate: '2026-03-15', amount: 1_000_000, status: 'create' },
    { period: 3, dueDate: '2026-04-15', amount: 1_000_000, status: 'create' },
  ],
  createdAt: '2026-02-15T02:00:00.000Z',
});

const signIn = () => useAuthStore.getState().setSession('member-jwt', makeUser());
const mine = (items: OrderView[]) => json(200, { items, page: 1, pageSize: 50, total: items.length });

/** What GET /orders/mine was asked with, in order. */
const mineQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === MINE);

describe('/orders for a visitor', () => {
  it('asks to log in (the login dialog opens) and asks the server for nothing', async () => {
    const fetchMock = mockApi({});
    renderApp('/orders');
    const prompt = await screen.findByTestId('my-orders-sign-in');
    expect(within(prompt).getByRole('heading', { name: 'กรุณาเข้าสู่ระบบ' })).toBeTruthy();
    await userEvent.click(within(prompt).getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByRole('dialog', { name: 'เข้าสู่ระบบ' })).toBeTruthy();
    expect(mineQueries(fetchMock)).toHaveLength(0);
  });
});

describe('/orders for a member', () => {
  it('lists their orders as the server answered: reference, product, payment, status, net', async () => {
    const fetchMock = mockApi({ [`GET ${MINE}`]: mine([CARD, PLAN]) });
    signIn();
    renderApp('/orders');
    const list = await screen.findByTestId('my-orders');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-testid'))).toEqual([
      'my-order-SPSK0000000042',
      'my-order-SPSK0000000041',
    ]);
    const card = screen.getByTestId('my-order-SPSK0000000042');
    expect(within(card).getByTestId('my-order-net').textContent).toBe('฿9,017.66');
    expect(within(card).getByTestId('my-order-status').textContent).toBe('รอการยืนยัน');
    expect(within(card).getByText('Trading 101')).toBeTruthy();
    expect(within(card).getByText('บัตรเครดิต/เดบิต')).toBeTruthy();
    const plan = screen.getByTestId('my-order-SPSK0000000041');
    expect(within(plan).getByTestId('my-order-status').textContent).toBe('ชำระเงินแล้ว');
    expect(within(plan).getByText('ผ่อนชำระ')).toBeTruthy();

    const [call] = mineQueries(fetchMock);
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ page: '1', pageSize: '50' });
    expect(call!.init?.headers).toMatchObject({ Authorization: 'Bearer member-jwt' });
  });

  it('opens an order: its stored amounts, invoice details, and no schedule for a card payment', async () => {
    mockApi({ [`GET ${MINE}`]: mine([CARD]) });
    signIn();
    renderApp('/orders');
    const card = await screen.findByTestId('my-order-SPSK0000000042');
    const toggle = within(card).getByRole('button', { name: 'ดูรายละเอียดคำสั่งซื้อ SPSK0000000042' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const amount = (key: string) =>
      within(card).getByTestId(`my-order-amounts-${key}`).querySelector('dd')?.textContent;
    expect(amount('total')).toBe('฿10,000.00');
    expect(amount('discount')).toBe('-฿1,000.00');
    expect(amount('vat')).toBe('฿588.79');
    expect(amount('fee')).toBe('฿270.00');
    expect(amount('withholding')).toBe('-฿252.34');
    expect(amount('net')).toBe('฿9,017.66');
    const receipt = within(card).getByTestId('receipt-info');
    expect(receipt.textContent).toContain('บริษัท ตัวอย่าง จำกัด');
    expect(receipt.textContent).toContain('0105551234567');
    expect(receipt.textContent).toContain('1 ถนนสุขุมวิท คลองตันเหนือ วัฒนา กรุงเทพมหานคร 10110');
    expect(within(card).queryByTestId('installments')).toBeNull();
  });

  it('shows the instalment schedule with statuses in words and the pay rule', async () => {
    mockApi({
      [`GET ${MINE}`]: mine([PLAN]),
      [`GET /api/payments/payments/${PLAN.id}`]: json(200, {
        orderId: PLAN.id,
        orderNo: 41,
        reference: PLAN.reference,
        paymentType: 8,
        net: PLAN.net,
        attempts: [],
      }),
    });
    signIn();
    renderApp('/orders');
    const card = await screen.findByTestId('my-order-SPSK0000000041');
    await userEvent.click(within(card).getByTestId('my-order-toggle'));
    const row = (period: number) => within(card).getByTestId(`installment-row-${period}`);
    expect(
      within(row(1))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['15 ก.พ. 2026', '฿10,000.00', 'ชำระแล้ว', '']);
    expect(within(row(2)).getByTestId('installment-status').textContent).toBe('รอชำระเงิน');
    // first row: paid with the order, no button; second: due now; third: after the second
    expect(within(row(1)).queryByRole('button')).toBeNull();
    const due = within(row(2)).getByTestId('installment-pay-2');
    expect(due.getAttribute('data-state')).toBe('ready');
    expect((due as HTMLButtonElement).disabled).toBe(false);
    expect(due.textContent).toBe('ชำระงวดนี้');
    const later = within(row(3)).getByTestId('installment-pay-3');
    expect(later.getAttribute('data-state')).toBe('locked');
    expect(later.textContent).toBe('รอชำระงวดก่อนหน้า');
    expect((later as HTMLButtonElement).disabled).toBe(true);
    // a paid order cannot be cancelled
    expect(within(card).queryByTestId('my-order-cancel')).toBeNull();
  });

  it('cancels a waiting order only after confirming, then shows it cancelled', async () => {
    let cancelled = false;
    const fetchMock = mockApi({
      [`GET ${MINE}`]: () => mine([cancelled ? { ...CARD, status: 'not' } : CARD]),
      'POST /api/orders/orders/cancel-by-code': () => {
        cancelled = true;
        return json(200, {
          reference: CARD.reference,
          status: 'not',
          productTitle: 'Trading 101',
          total: 1_000_000,
          discount: 100_000,
          net: 901_766,
        });
      },
    });
    signIn();
    renderApp('/orders');
    const card = await screen.findByTestId('my-order-SPSK0000000042');
    await userEvent.click(within(card).getByTestId('my-order-toggle'));

    await userEvent.click(within(card).getByTestId('my-order-cancel'));
    let confirm = await screen.findByRole('alertdialog', { name: 'ยกเลิกคำสั่งซื้อนี้?' });
    expect(confirm.textContent).toContain('SPSK0000000042');
    await userEvent.click(within(confirm).getByRole('button', { name: 'ไม่ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/orders/cancel-by-code')).toHaveLength(0);

    await userEvent.click(within(card).getByTestId('my-order-cancel'));
    confirm = await screen.findByRole('alertdialog', { name: 'ยกเลิกคำสั่งซื้อนี้?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'ยืนยันการยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/orders/cancel-by-code')).toEqual([
      { code: 'SPSK0000000042' },
    ]);
    await waitFor(() => expect(within(card).getByTestId('my-order-status').textContent).toBe('ยกเลิกแล้ว'));
    expect(within(card).getByText('ยกเลิกคำสั่งซื้อ SPSK0000000042 แล้ว')).toBeTruthy();
    expect(within(card).queryByTestId('my-order-cancel')).toBeNull();
    // a cancelled order has no document to download
    expect(within(card).queryByTestId('my-order-download')).toBeNull();
  });

  describe('the order document', () => {
    let saved: HTMLAnchorElement[];
    beforeEach(() => {
      saved = [];
      URL.createObjectURL = vi.fn(() => 'blob:order-pdf');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this);
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('downloads the PDF with the member token and saves it under the reference', async () => {
      const fetchMock = mockApi({
        [`GET ${MINE}`]: mine([CARD]),
        [`GET /api/orders/orders/${CARD.id}/document.pdf`]: json(200, '%PDF-1.7'),
      });
      signIn();
      renderApp('/orders');
      const card = await screen.findByTestId('my-order-SPSK0000000042');
      await userEvent.click(within(card).getByTestId('my-order-toggle'));
      await userEvent.click(within(card).getByRole('button', { name: 'ดาวน์โหลดเอกสาร (PDF)' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/document.pdf'));
      expect(String(call![0])).toBe(`/api/orders/orders/${CARD.id}/document.pdf`);
      expect(call![1]?.headers).toMatchObject({ Authorization: 'Bearer member-jwt' });
      expect(saved[0]!.download).toBe('SPSK0000000042.pdf');
      expect(saved[0]!.href).toBe('blob:order-pdf');
    });

    it('says why a document could not be downloaded', async () => {
      mockApi({
        [`GET ${MINE}`]: mine([CARD]),
        [`GET /api/orders/orders/${CARD.id}/document.pdf`]: problem(404, 'orders.not_found', 'ไม่พบคำสั่งซื้อ'),
      });
      signIn();
      renderApp('/orders');
      const card = await screen.findByTestId('my-order-SPSK0000000042');
      await userEvent.click(within(card).getByTestId('my-order-toggle'));
      await userEvent.click(within(card).getByTestId('my-order-download'));
      expect((await within(card).findByRole('alert')).textContent).toBe('ไม่พบคำสั่งซื้อ');
      expect(saved).toHaveLength(0);
    });
  });

  it('a card order still waiting links to its card and UnionPay pages with the ref from payments', async () => {
    signIn();
    let calls = 0;
    mockApi({
      [`GET ${MINE}`]: mine([CARD]),
      // payments may not know the order yet right after checkout: asked again until the ref is there
      [`GET /api/payments/payments/${CARD.id}`]: () =>
        ++calls < 2
          ? problem(404, 'payments.order_not_found', 'nope')
          : json(200, {
              orderId: CARD.id,
              orderNo: CARD.orderNo,
              reference: CARD.reference,
              paymentType: 1,
              net: CARD.net,
              attempts: [
                {
                  id: 'a1',
                  period: null,
                  dueDate: null,
                  amount: CARD.net,
                  status: 'create',
                  paidAt: null,
                  slips: [],
                  ref: 'REF-abc_123',
                },
              ],
            }),
    });
    renderApp('/orders');
    const links = await screen.findByTestId('pay-links', {}, { timeout: 5_000 });
    expect(within(links).getByRole('link', { name: 'ชำระด้วยบัตรเครดิต / เดบิต' }).getAttribute('href')).toBe(
      '/creditCard/REF-abc_123',
    );
    expect(within(links).getByRole('link', { name: 'ชำระด้วย UnionPay' }).getAttribute('href')).toBe(
      '/creditCardSmatrPay/REF-abc_123',
    );
  });

  it('is one click away in the user menu', async () => {
    mockApi({ [`GET ${MINE}`]: mine([]) });
    signIn();
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'คำสั่งซื้อของฉัน' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect((await screen.findByTestId('my-orders-empty')).textContent).toContain('คุณยังไม่มีคำสั่งซื้อ');
  });
});
