import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookDeliveryView } from '@rian/proto-contracts/bookings';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { PLACES_API } from '@/testing/place-fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { COURSE_ID, makeHome, renderMemberArea } from '../testing';

const DELIVERIES = '/api/bookings/member/book-deliveries';
const ORDER_ID = '0190a0b0-0000-7000-8000-0000000000aa';
const delivery = (over: Partial<BookDeliveryView> = {}): BookDeliveryView => ({
  orderId: ORDER_ID,
  orderNo: 42,
  productId: '0190a0b0-0000-7000-8000-0000000000ab',
  productTitle: 'Forex พร้อมหนังสือ',
  courseIds: [COURSE_ID],
  state: 'address_needed',
  address: null,
  bookSend: 'N',
  tracking: null,
  dispatchedAt: null,
  updatedAt: '2026-04-16T02:30:00.000Z',
  ...over,
});
const address = {
  fullname: 'สมชาย ใจดี',
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
};

function api(deliveries: () => ReturnType<typeof json>, extra: Parameters<typeof mockApi>[0] = {}) {
  useAuthStore.getState().setSession('t', makeUser({ status: 'Premium' }));
  return mockApi({
    ...PLACES_API,
    'GET /api/learning/member/home': json(200, makeHome()),
    'GET /api/orders/orders/mine': json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
    [`GET ${DELIVERIES}`]: deliveries,
    ...extra,
  });
}

/** The desktop side panel (the drawer's copy stays closed). */
const side = () => within(screen.getByTestId('member-side'));
const readsOf = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === DELIVERIES).length;

describe('the book-delivery button (spec 01 §2, §5)', () => {
  it('shows for the selected course while the address is needed; the dialog saves it and the panel then shows "requested"', async () => {
    const fetchMock = api(() => json(200, { items: [delivery()] }), {
      [`PUT ${DELIVERIES}/${ORDER_ID}`]: json(200, delivery({ state: 'requested', address })),
    });
    renderMemberArea();
    const ue = userEvent.setup();
    await ue.click(await side().findByTestId('member-book-delivery'));
    const dialog = await screen.findByTestId('book-delivery-dialog');
    expect(
      within(dialog).getByText('Forex พร้อมหนังสือ: กรอกชื่อผู้รับ เบอร์โทรศัพท์ และที่อยู่สำหรับจัดส่งหนังสือ'),
    ).toBeTruthy();
    await ue.click(within(dialog).getByTestId('book-delivery-dialog-save'));
    const tel = within(dialog).getByTestId('book-delivery-tel');
    expect(tel.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByTestId('book-delivery-province').getAttribute('aria-invalid')).toBe('true');
    expect(bodiesSentTo(fetchMock, 'PUT', `${DELIVERIES}/${ORDER_ID}`)).toEqual([]);

    await ue.type(within(dialog).getByTestId('book-delivery-fullname'), 'สมชาย ใจดี');
    await ue.type(tel, '081 234 5678');
    await ue.type(within(dialog).getByTestId('book-delivery-address'), '1 ถนนหน้าพระลาน');
    await waitFor(() =>
      expect(within(dialog).getByTestId('book-delivery-province').hasAttribute('disabled')).toBe(false),
    );
    await ue.selectOptions(within(dialog).getByTestId('book-delivery-province'), '10');
    await waitFor(() =>
      expect(within(dialog).getByTestId('book-delivery-district').hasAttribute('disabled')).toBe(false),
    );
    await ue.selectOptions(within(dialog).getByTestId('book-delivery-district'), '1001');
    await waitFor(() =>
      expect(within(dialog).getByTestId('book-delivery-subDistrict').hasAttribute('disabled')).toBe(false),
    );
    await ue.selectOptions(within(dialog).getByTestId('book-delivery-subDistrict'), '100101');
    await ue.click(within(dialog).getByTestId('book-delivery-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('book-delivery-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', `${DELIVERIES}/${ORDER_ID}`)).toEqual([
      {
        fullname: 'สมชาย ใจดี',
        tel: '0812345678',
        address: '1 ถนนหน้าพระลาน',
        provinceId: 10,
        districtId: 1001,
        subDistrictId: 100101,
        zip: '10200',
      },
    ]);
    expect(side().queryByTestId('member-book-delivery')).toBeNull();
    expect(side().getByTestId('member-book-state-text').textContent).toBe('รอจัดส่งหนังสือ');
    // editing stays possible until the book is sent; the dialog opens with the saved address
    await ue.click(side().getByTestId('member-book-edit'));
    expect(((await screen.findByTestId('book-delivery-fullname')) as HTMLInputElement).value).toBe(
      'สมชาย ใจดี',
    );
    expect(readsOf(fetchMock)).toBe(1);
  });

  it('shows nothing for a request of another course, or a cancelled one', async () => {
    api(() =>
      json(200, {
        items: [
          delivery({ courseIds: ['0190a0b0-0000-7000-8000-0000000000c9'] }),
          delivery({ orderId: '0190a0b0-0000-7000-8000-0000000000ac', state: 'cancelled' }),
        ],
      }),
    );
    renderMemberArea();
    await screen.findByTestId('dashboard-today');
    expect(side().queryByTestId('member-book-delivery')).toBeNull();
    expect(side().queryByTestId('member-book-state')).toBeNull();
  });

  it('shows "sent" with the tracking number once dispatched, with nothing to edit', async () => {
    api(() =>
      json(200, {
        items: [delivery({ state: 'dispatched', address, bookSend: 'Y', tracking: 'TH123456789' })],
      }),
    );
    renderMemberArea();
    expect((await side().findByTestId('member-book-tracking')).textContent).toBe('เลขพัสดุ: TH123456789');
    expect(side().getByTestId('member-book-state-text').textContent).toBe('จัดส่งหนังสือแล้ว');
    expect(side().queryByTestId('member-book-edit')).toBeNull();
    expect(side().queryByTestId('member-book-delivery')).toBeNull();
  });

  it('keeps the member area working when bookings cannot answer (no button)', async () => {
    const fetchMock = api(() => problem(503, 'service.unavailable', 'down'));
    renderMemberArea();
    await screen.findByTestId('dashboard-today');
    await waitFor(() => expect(readsOf(fetchMock)).toBe(1));
    expect(side().queryByTestId('member-book-delivery')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
