import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingKeyView, BookingStaffRow } from '@rian/proto-contracts/bookings';
import { bodiesSentTo, json, mockApi } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { PLACES_API } from '@/testing/place-fixtures';

const BASE = '/api/bookings/admin/bookings';
const KEYS = '/api/bookings/admin/booking-keys';
const PRODUCT = '0190e0e0-0000-7000-8000-0000000000a1';
const row = (over: Partial<BookingStaffRow> = {}): BookingStaffRow => ({
  id: '0190e0e0-0000-7000-8000-0000000000b1',
  userId: null,
  productId: PRODUCT,
  productTitle: 'สัมมนา Forex ภาคสนาม',
  key: 'FX-2026',
  name: 'สมชาย',
  lname: 'ใจดี',
  email: 'somchai@example.com',
  tel: '0812345678',
  address: '1 ถนนหน้าพระลาน',
  provinceId: 10,
  provinceName: 'กรุงเทพมหานคร',
  districtId: 1001,
  districtName: 'พระนคร',
  subDistrictId: 100101,
  subDistrictName: 'พระบรมมหาราชวัง',
  zip: '10200',
  note: null,
  quantity: 1,
  status: 'new',
  confirm: 'N',
  hasSlip: true,
  amount: 150050,
  paymentDate: '2026-03-02',
  paymentTime: '14:30',
  createdAt: '2026-03-02T07:31:00.000Z',
  updatedAt: '2026-03-02T07:31:00.000Z',
  ...over,
});
const second = row({
  id: '0190e0e0-0000-7000-8000-0000000000b2',
  name: 'สมหญิง',
  hasSlip: false,
  amount: null,
});
const key = (over: Partial<BookingKeyView> = {}): BookingKeyView => ({
  id: '0190e0e0-0000-7000-8000-0000000000d1',
  code: 'FX-2026',
  productId: PRODUCT,
  productTitle: 'สัมมนา Forex ภาคสนาม',
  limit: 10,
  active: 'Y',
  bookings: 2,
  createdBy: 's1',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...over,
});
const common = {
  ...PLACES_API,
  'GET /api/catalog/admin/products': page([{ id: PRODUCT, title: 'สัมมนา Forex ภาคสนาม' }]),
  [`GET ${BASE}`]: page([row(), second]),
  [`GET ${KEYS}`]: page([key()]),
};

describe('/admin/userCourseBooking', () => {
  it('asks for a product first, then lists its bookings; ticked rows are confirmed at once', async () => {
    let confirmed = false;
    const fetchMock = mockApi({
      ...common,
      [`GET ${BASE}`]: () => page(confirmed ? [row({ confirm: 'Y' }), second] : [row(), second]),
      [`POST ${BASE}/confirm`]: () => {
        confirmed = true;
        return json(200, { updated: 1 });
      },
    });
    renderAdmin('/admin/userCourseBooking');
    const ue = userEvent.setup();
    await screen.findByTestId('bookings-pick-product');
    expect(fetchMock.mock.calls.some(([u]) => new URL(String(u), 'http://x').pathname === BASE)).toBe(false);
    await waitFor(() =>
      expect(screen.getByTestId('bookings-product').querySelectorAll('option')).toHaveLength(2),
    );
    await ue.selectOptions(screen.getByTestId('bookings-product'), PRODUCT);
    const rows = await screen.findAllByTestId('bookings-table-row');
    expect(rows).toHaveLength(2);
    const listUrl = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === BASE)!;
    expect(listUrl.searchParams.get('productId')).toBe(PRODUCT);
    expect(screen.queryByTestId('bookings-selected')).toBeNull();
    await ue.click(within(rows[0]!).getByTestId('bookings-select'));
    expect(screen.getByTestId('bookings-selected').textContent).toBe('เลือก 1 รายการ');
    await ue.click(screen.getByTestId('bookings-bulk-confirm'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('ยืนยัน 1 การจอง')).toBeTruthy();
    await ue.click(within(dialog).getByRole('button', { name: 'ยืนยันการจอง' }));
    expect((await screen.findByTestId('bookings-bulk-done')).textContent).toBe('ปรับปรุงแล้ว 1 รายการ');
    expect(bodiesSentTo(fetchMock, 'POST', `${BASE}/confirm`)).toEqual([{ ids: [row().id] }]);
    await waitFor(() => expect(screen.getAllByTestId('bookings-confirm')[0]!.textContent).toBe('ยืนยันแล้ว'));
    expect(screen.queryByTestId('bookings-selected')).toBeNull();
  });

  it('ticks the whole page for "set to wait", and shows the slip at its signed address', async () => {
    const fetchMock = mockApi({
      ...common,
      [`POST ${BASE}/wait`]: json(200, { updated: 2 }),
      [`GET ${BASE}/${row().id}/slip`]: json(200, {
        url: '/api/bookings/slips/x?sig=s',
        urlExpiresAt: '2026-03-02T08:00:00.000Z',
      }),
    });
    renderAdmin(`/admin/userCourseBooking?productId=${PRODUCT}`);
    const ue = userEvent.setup();
    await screen.findAllByTestId('bookings-table-row');
    expect(screen.getAllByTestId('bookings-slip')).toHaveLength(1);
    await ue.click(screen.getByTestId('bookings-select-page'));
    await ue.click(screen.getByTestId('bookings-bulk-wait'));
    await ue.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'ตั้งเป็นรอ' }));
    await screen.findByTestId('bookings-bulk-done');
    expect(bodiesSentTo(fetchMock, 'POST', `${BASE}/wait`)).toEqual([{ ids: [row().id, second.id] }]);
    await ue.click(screen.getByRole('button', { name: 'ดูสลิป: สมชาย ใจดี' }));
    const image = (await screen.findByTestId('booking-slip-image')) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/api/bookings/slips/x?sig=s');
    expect(
      within(screen.getByTestId('booking-slip-dialog')).getByText('฿1,500.50 · 2026-03-02 14:30'),
    ).toBeTruthy();
  });

  it('edits the editable fields only (slip, amount and times read-only) and creates a key with a generated code', async () => {
    const fetchMock = mockApi({
      ...common,
      [`PUT ${BASE}/${row().id}`]: json(200, row({ quantity: 2 })),
      [`POST ${KEYS}`]: json(201, key({ id: '0190e0e0-0000-7000-8000-0000000000d2', code: 'K7P2MX9QRT' })),
    });
    renderAdmin(`/admin/userCourseBooking?productId=${PRODUCT}`);
    const ue = userEvent.setup();
    const rows = await screen.findAllByTestId('bookings-table-row');
    await ue.click(within(rows[0]!).getByTestId('bookings-edit'));
    const dialog = await screen.findByTestId('booking-edit');
    expect(within(dialog).getByTestId('booking-edit-readonly').textContent).toContain('14:30');
    const quantity = within(dialog).getByTestId('booking-edit-quantity');
    await ue.clear(quantity);
    await ue.type(quantity, '2');
    await ue.click(within(dialog).getByTestId('booking-edit-save'));
    await waitFor(() => expect(screen.queryByTestId('booking-edit')).toBeNull());
    const [sent] = bodiesSentTo(fetchMock, 'PUT', `${BASE}/${row().id}`) as Record<string, unknown>[];
    expect(sent).toMatchObject({ quantity: 2, name: 'สมชาย', zip: '10200', confirm: 'N' });
    for (const f of ['slip', 'amount', 'paymentDate', 'paymentTime', 'createdAt', 'updatedAt']) {
      expect(sent).not.toHaveProperty(f);
    }

    const keys = await screen.findByTestId('booking-keys');
    expect(within(keys).getByTestId('booking-key-used').textContent).toBe('2');
    await ue.click(within(keys).getByTestId('booking-key-create'));
    expect((await within(keys).findByTestId('booking-keys-notice')).textContent).toBe(
      'สร้างรหัส K7P2MX9QRT แล้ว',
    );
    expect(bodiesSentTo(fetchMock, 'POST', KEYS)).toEqual([{ productId: PRODUCT }]);
    await ue.click(within(keys).getByTestId('booking-key-copy'));
    expect((await within(keys).findByTestId('booking-keys-notice')).textContent).toBe(
      `คัดลอกลิงก์แล้ว: ${window.location.origin}/booking/FX-2026`,
    );
  });
});
