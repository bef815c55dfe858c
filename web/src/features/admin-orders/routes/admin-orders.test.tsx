import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { makeAdminOrder, makeAdminOrderRow, ORDER_ID, PRODUCT_ID } from '@/testing/order-fixtures';

const LIST = '/api/orders/admin/orders';
const ONE = `${LIST}/${ORDER_ID}`;
const A = makeAdminOrderRow();
const B = makeAdminOrderRow({
  id: '0190b0c0-0000-7000-8000-000000000002',
  orderNo: 41,
  reference: 'SPSK0000000041',
  status: 'paid',
  paymentType: 4,
  net: 150_000,
  bookSend: 'Y',
  tracking: 'EF123456789TH',
  certificate: 'Y',
  invite: 'somsak',
  couponCode: null,
});
const PRODUCTS = page([{ id: PRODUCT_ID, title: 'Trading 101', url: 'trading-101' }]);

type Routes = Parameters<typeof mockApi>[0];

function renderOrders(path = '/admin/orders', routes: Routes = {}) {
  const fetchMock = mockApi({
    [`GET ${LIST}`]: page([A, B], 45),
    'GET /api/catalog/admin/products': PRODUCTS,
    ...routes,
  });
  const router = renderAdmin(path);
  return { fetchMock, router, ue: userEvent.setup() };
}

/** The query strings the orders list was asked with, in order. */
function listQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === LIST)
    .map((url) => Object.fromEntries(url.searchParams));
}

describe('/admin/orders list', () => {
  it('shows the columns: reference, Bangkok date-time, buyer, product, payment, net, status, book, tracking, certificate', async () => {
    const { fetchMock } = renderOrders();
    const rows = await screen.findAllByTestId('orders-table-row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'SPSK0000000041',
      '1 มี.ค. 2026 10:30', // Asia/Bangkok (03:30 UTC)
      'somchai@example.com',
      'Trading 101ผู้แนะนำ: somsak',
      'โอนเงินผ่านธนาคาร',
      '฿1,500.00',
      'ชำระเงินแล้ว',
      'ส่งแล้ว (Y)',
      'EF123456789TH',
      'ใช่',
    ]);
    expect(within(rows[0]!).getByTestId('orders-status').textContent).toBe('รอการยืนยัน');
    expect(listQueries(fetchMock)[0]).toEqual({ page: '1', pageSize: '20', sort: '-createdAt' });
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });
    expect(screen.getByTestId('pager-status').textContent).toBe('หน้า 1 จาก 3 (45 รายการ)');
  });

  it('names the coupon an order used by its code, never its id (list and detail)', async () => {
    const { ue } = renderOrders('/admin/orders', { [`GET ${ONE}`]: json(200, makeAdminOrder()) });
    const rows = await screen.findAllByTestId('orders-table-row');
    expect(within(rows[0]!).getByTestId('orders-coupon').textContent).toBe('คูปอง: SAVE10');
    expect(within(rows[1]!).queryByTestId('orders-coupon')).toBeNull();
    await ue.click(screen.getByRole('button', { name: 'เปิดคำสั่งซื้อ SPSK0000000042' }));
    const dialog = await screen.findByRole('dialog', { name: 'คำสั่งซื้อ SPSK0000000042' });
    expect(within(dialog).getByTestId('order-coupon').textContent).toBe('SAVE10');
    expect(dialog.textContent).not.toContain('0190c0d0-0000-7000-8000-000000000001');
  });

  it('shows where the book goes (the address the member gave) beside the dispatch flag, list and detail', async () => {
    const bookAddress = {
      fullname: 'สมชาย ใจดี',
      tel: '0812345678',
      addressText: '1 ถนนหน้าพระลาน พระบรมมหาราชวัง พระนคร กรุงเทพมหานคร',
      zip: '10200',
      note: 'ฝากป้อมยาม',
      requestedAt: '2026-03-02T07:31:00.000Z',
    };
    const { ue } = renderOrders('/admin/orders', {
      [`GET ${LIST}`]: page([makeAdminOrderRow({ bookAddress }), B], 2),
      [`GET ${ONE}`]: json(200, makeAdminOrder({ bookAddress })),
    });
    const rows = await screen.findAllByTestId('orders-table-row');
    expect(within(rows[0]!).getByTestId('orders-book-address').textContent).toBe(
      'สมชาย ใจดี · 08123456781 ถนนหน้าพระลาน พระบรมมหาราชวัง พระนคร กรุงเทพมหานคร 10200หมายเหตุ: ฝากป้อมยาม',
    );
    expect(within(rows[1]!).queryByTestId('orders-book-address')).toBeNull();
    await ue.click(screen.getByRole('button', { name: 'เปิดคำสั่งซื้อ SPSK0000000042' }));
    const dialog = await screen.findByRole('dialog', { name: 'คำสั่งซื้อ SPSK0000000042' });
    expect(within(dialog).getByTestId('order-book-address').textContent).toContain('กรุงเทพมหานคร 10200');
  });

  it('builds the query from the filters, the search and the sort', async () => {
    const { fetchMock, ue } = renderOrders();
    await screen.findAllByTestId('orders-table-row');
    await ue.selectOptions(screen.getByTestId('orders-status-filter'), 'wait');
    fireEvent.change(screen.getByTestId('orders-from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('orders-to'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Trading 101' })).toBeTruthy());
    await ue.selectOptions(screen.getByTestId('orders-product-filter'), PRODUCT_ID);
    await ue.click(screen.getByTestId('sort-net'));
    await ue.type(screen.getByTestId('orders-search'), 'somchai');
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        status: 'wait',
        from: '2026-03-01',
        to: '2026-03-31',
        productId: PRODUCT_ID,
        q: 'somchai',
        page: '1',
        pageSize: '20',
        sort: 'net',
      }),
    );
    // the reference header sorts by order number
    await ue.click(screen.getByTestId('sort-orderNo'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ sort: 'orderNo' }));
    expect(screen.getByTestId('sort-orderNo').closest('th')?.getAttribute('aria-sort')).toBe('ascending');
  });

  it('asks nothing for days the wrong way round, and says so', async () => {
    const { fetchMock } = renderOrders();
    await screen.findAllByTestId('orders-table-row');
    fireEvent.change(screen.getByTestId('orders-from'), { target: { value: '2026-03-10' } });
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ from: '2026-03-10' }));
    const asked = listQueries(fetchMock).length;
    fireEvent.change(screen.getByTestId('orders-to'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม')).toBeTruthy();
    expect(listQueries(fetchMock)).toHaveLength(asked);
  });

  it('arrives filtered by a referrer from the address, and the filter can be cleared', async () => {
    const { fetchMock, ue } = renderOrders('/admin/orders?invite=somsak&from=2026-03-01');
    await screen.findAllByTestId('orders-table-row');
    expect(listQueries(fetchMock)[0]).toEqual({
      invite: 'somsak',
      from: '2026-03-01',
      page: '1',
      pageSize: '20',
      sort: '-createdAt',
    });
    expect(screen.getByTestId('orders-invite-filter').textContent).toContain('เฉพาะผู้แนะนำ: somsak');
    await ue.click(screen.getByRole('button', { name: 'ล้างตัวกรองผู้แนะนำ' }));
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        from: '2026-03-01',
        page: '1',
        pageSize: '20',
        sort: '-createdAt',
      }),
    );
  });

  it('arrives listing the books to send (the dashboard’s link), and the filter can be changed back', async () => {
    const { fetchMock, ue } = renderOrders('/admin/orders?book=toSend');
    await screen.findAllByTestId('orders-table-row');
    expect(listQueries(fetchMock)[0]).toEqual({
      book: 'toSend',
      page: '1',
      pageSize: '20',
      sort: '-createdAt',
    });
    const filter = screen.getByRole('combobox', { name: 'หนังสือ' });
    expect((filter as HTMLSelectElement).value).toBe('toSend');
    expect(within(filter).getByRole('option', { name: 'รอส่ง: ชำระแล้ว มีที่อยู่ ยังไม่ส่ง' })).toBeTruthy();
    await ue.selectOptions(filter, '');
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({ page: '1', pageSize: '20', sort: '-createdAt' }),
    );
  });

  it('sets the book dispatch flag of the ticked orders after a confirmation and shows the count', async () => {
    const { fetchMock, ue } = renderOrders('/admin/orders', {
      'POST /api/orders/admin/orders/book-dispatch': json(200, { updated: 2 }),
    });
    await screen.findAllByTestId('orders-table-row');
    expect(screen.queryByTestId('orders-bulk-apply')).toBeNull();
    await ue.click(screen.getByRole('checkbox', { name: 'เลือกคำสั่งซื้อ SPSK0000000042' }));
    expect(screen.getByTestId('orders-selected').textContent).toBe('เลือกแล้ว 1 รายการ');
    await ue.click(screen.getByRole('checkbox', { name: 'เลือกทุกคำสั่งซื้อในหน้านี้' }));
    expect(screen.getByTestId('orders-selected').textContent).toBe('เลือกแล้ว 2 รายการ');
    await ue.selectOptions(screen.getByTestId('orders-bulk-flag'), 'C');

    await ue.click(screen.getByTestId('orders-bulk-apply'));
    let confirm = await screen.findByRole('alertdialog', { name: 'ตั้งสถานะการส่งหนังสือ?' });
    expect(confirm.textContent).toContain('ตั้งเป็น "C" ให้คำสั่งซื้อที่เลือก 2 รายการ');
    await ue.click(within(confirm).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/admin/orders/book-dispatch')).toHaveLength(0);

    const before = listQueries(fetchMock).length;
    await ue.click(screen.getByTestId('orders-bulk-apply'));
    confirm = await screen.findByRole('alertdialog', { name: 'ตั้งสถานะการส่งหนังสือ?' });
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/admin/orders/book-dispatch')).toEqual([
      { ids: [A.id, B.id], status: 'C' },
    ]);
    expect(screen.getByTestId('orders-bulk-done').textContent).toBe('อัปเดตสถานะการส่งหนังสือแล้ว 2 รายการ');
    // the list is asked again and the ticks are gone
    await waitFor(() => expect(listQueries(fetchMock).length).toBeGreaterThan(before));
    expect(screen.queryByTestId('orders-selected')).toBeNull();
  });

  it('keeps the dialog open with the server’s reason when the flag is refused (nothing changed)', async () => {
    const { ue } = renderOrders('/admin/orders', {
      'POST /api/orders/admin/orders/book-dispatch': problem(
        400,
        'orders.unknown_orders',
        'ไม่พบคำสั่งซื้อบางรายการ',
      ),
    });
    await ue.click((await screen.findAllByTestId('orders-select'))[0]!);
    await ue.click(screen.getByTestId('orders-bulk-apply'));
    const confirm = await screen.findByRole('alertdialog');
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    expect((await within(confirm).findByRole('alert')).textContent).toBe('ไม่พบคำสั่งซื้อบางรายการ');
    expect(screen.getByTestId('orders-selected').textContent).toBe('เลือกแล้ว 1 รายการ');
  });
});

describe('/admin/orders files', () => {
  let saved: HTMLAnchorElement[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the CSV report for the chosen days with the staff token', async () => {
    const { fetchMock, ue } = renderOrders('/admin/orders', {
      'GET /api/orders/admin/orders/report.csv': json(200, 'reference,net'),
    });
    await screen.findAllByTestId('orders-table-row');
    await ue.click(screen.getByRole('button', { name: 'รายงาน CSV' }));
    const dialog = await screen.findByTestId('orders-report');
    await ue.click(within(dialog).getByTestId('orders-report-save'));
    expect(within(dialog).getAllByText('กรุณากรอกข้อมูล')).toHaveLength(2);
    fireEvent.change(within(dialog).getByTestId('orders-report-from'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(dialog).getByTestId('orders-report-to'), { target: { value: '2026-03-31' } });
    await ue.click(within(dialog).getByTestId('orders-report-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('report.csv'));
    expect(String(call![0])).toBe('/api/orders/admin/orders/report.csv?from=2026-03-01&to=2026-03-31');
    expect(call![1]?.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });
    expect(saved[0]!.download).toBe('orders-2026-03-01-2026-03-31.csv');
    await waitFor(() => expect(screen.queryByTestId('orders-report')).toBeNull());
  });

  it('downloads an order’s PDF with the staff token', async () => {
    const { fetchMock, ue } = renderOrders('/admin/orders', {
      [`GET ${ONE}`]: json(200, makeAdminOrder()),
      [`GET /api/orders/orders/${ORDER_ID}/document.pdf`]: json(200, '%PDF-1.7'),
    });
    await ue.click(await screen.findByRole('button', { name: 'เปิดคำสั่งซื้อ SPSK0000000042' }));
    const dialog = await screen.findByTestId('order-detail');
    await ue.click(await within(dialog).findByTestId('order-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/document.pdf'));
    expect(String(call![0])).toBe(`/api/orders/orders/${ORDER_ID}/document.pdf`);
    expect(call![1]?.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });
    expect(saved[0]!.download).toBe('SPSK0000000042.pdf');
  });
});

describe('/admin/orders order detail', () => {
  it('shows the order: facts, lines, amounts as stored, invoice, schedule', async () => {
    const order = makeAdminOrder({
      paymentType: 8,
      invite: 'somsak',
      installments: [
        { period: 1, dueDate: '2026-03-01', amount: 450_883, status: 'finish' },
        { period: 2, dueDate: '2026-04-01', amount: 450_883, status: 'wait' },
      ],
    });
    const { ue } = renderOrders('/admin/orders', { [`GET ${ONE}`]: json(200, order) });
    await ue.click(await screen.findByRole('button', { name: 'เปิดคำสั่งซื้อ SPSK0000000042' }));
    const dialog = await screen.findByRole('dialog', { name: 'คำสั่งซื้อ SPSK0000000042' });
    const amount = (key: string) =>
      within(dialog).getByTestId(`order-amounts-${key}`).querySelector('dd')?.textContent;
    expect(['total', 'discount', 'vat', 'fee', 'withholding', 'net'].map((key) => amount(key))).toEqual([
      '฿10,000.00',
      '-฿1,000.00',
      '฿588.79',
      '฿270.00',
      '-฿252.34',
      '฿9,017.66',
    ]);
    expect(within(dialog).getByText('somsak')).toBeTruthy();
    expect(within(dialog).getByTestId('receipt-info').textContent).toContain('0105551234567');
    expect(
      within(within(dialog).getByTestId('order-lines'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Trading 101', '฿10,000.00', '฿1,000.00', '฿9,000.00', '0']);
    expect(
      within(within(dialog).getByTestId('installment-row-2')).getByTestId('installment-status').textContent,
    ).toBe('รอการยืนยัน');
    // staff see the schedule, never a pay button
    expect(within(within(dialog).getByTestId('installments')).queryByRole('button')).toBeNull();
  });

  it('records the tracking number, then marks the certificate issued after a confirmation', async () => {
    let order = makeAdminOrder();
    const { fetchMock, ue } = renderOrders('/admin/orders', {
      [`GET ${ONE}`]: () => json(200, order),
      [`PUT ${ONE}/tracking`]: (_url, init) => {
        order = { ...order, ...(JSON.parse(String(init.body)) as { tracking: string }), trackingBy: 's1' };
        return json(200, order);
      },
      [`PUT ${ONE}/certificate`]: () => {
        order = { ...order, certificate: 'Y' };
        return json(200, order);
      },
    });
    await ue.click(await screen.findByRole('button', { name: 'เปิดคำสั่งซื้อ SPSK0000000042' }));
    const dialog = await screen.findByTestId('order-detail');
    await ue.click(await within(dialog).findByRole('button', { name: 'เพิ่มเลขพัสดุ' }));
    const tracking = await screen.findByTestId('order-tracking');
    await ue.click(within(tracking).getByTestId('order-tracking-save'));
    expect(within(tracking).getByText('กรุณากรอกข้อมูล')).toBeTruthy();
    await ue.type(within(tracking).getByTestId('order-tracking-input'), '  EF123456789TH ');
    await ue.click(within(tracking).getByTestId('order-tracking-save'));
    await waitFor(() => expect(screen.queryByTestId('order-tracking')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', `${ONE}/tracking`)).toEqual([{ tracking: 'EF123456789TH' }]);
    await waitFor(() =>
      expect(within(dialog).getByTestId('order-tracking-value').textContent).toContain('EF123456789TH'),
    );
    expect(within(dialog).getByTestId('order-done').textContent).toBe('บันทึกเลขพัสดุแล้ว');

    await ue.click(within(dialog).getByTestId('order-issue-certificate'));
    const confirm = await screen.findByRole('alertdialog', { name: 'บันทึกว่าออกใบประกาศแล้ว?' });
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('order-certificate').textContent).toBe('ออกแล้ว'));
    expect(bodiesSentTo(fetchMock, 'PUT', `${ONE}/certificate`)).toHaveLength(1);
    expect((within(dialog).getByTestId('order-issue-certificate') as HTMLButtonElement).disabled).toBe(true);
  });

  it('cancels a waiting order by its code with the staff token; a paid order has no cancel', async () => {
    let order = makeAdminOrder();
    const { fetchMock, ue } = renderOrders('/admin/orders', {
      [`GET ${ONE}`]: () => json(200, order),
      'POST /api/orders/orders/cancel-by-code': () => {
        order = { ...order, status: 'not' };
        return json(200, {
          reference: order.reference,
          status: 'not',
          productTitle: 'Trading 101',
          total: order.total,
          discount: order.discount,
          net: order.net,
        });
      },
      [`GET ${LIST}/${B.id}`]: json(200, makeAdminOrder({ ...B, status: 'paid' })),
    });
    await ue.click(await screen.findByRole('button', { name: 'เปิดคำสั่งซื้อ SPSK0000000042' }));
    const dialog = await screen.findByTestId('order-detail');
    await ue.click(await within(dialog).findByRole('button', { name: 'ยกเลิกคำสั่งซื้อ' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'ยกเลิกคำสั่งซื้อนี้?' });
    expect(confirm.textContent).toContain('SPSK0000000042 (฿9,017.66)');
    await ue.click(within(confirm).getByRole('button', { name: 'ยืนยันการยกเลิก' }));
    await waitFor(() => expect(within(dialog).getByTestId('order-status').textContent).toBe('ยกเลิกแล้ว'));
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/orders/cancel-by-code')).toEqual([
      { code: 'SPSK0000000042' },
    ]);
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('cancel-by-code'));
    expect(call![1]?.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });
    expect(within(dialog).queryByTestId('order-cancel')).toBeNull();

    await ue.click(within(dialog).getByRole('button', { name: 'ปิด' }));
    await ue.click(screen.getByRole('button', { name: 'เปิดคำสั่งซื้อ SPSK0000000041' }));
    const paid = await screen.findByRole('dialog', { name: 'คำสั่งซื้อ SPSK0000000041' });
    expect(within(paid).getByTestId('order-status').textContent).toBe('ชำระเงินแล้ว');
    expect(within(paid).queryByTestId('order-cancel')).toBeNull();
  });
});
