import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingReceipt, KeyCheckView } from '@rian/proto-contracts/bookings';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { renderApp } from '@/testing/app';
import { PLACES_API } from '@/testing/place-fixtures';

const CHECK = '/api/bookings/bookings/key-check';
const SLIPS = '/api/bookings/bookings/slips';
const BOOK = '/api/bookings/bookings';
const PRODUCT = { id: '0190e0e0-0000-7000-8000-0000000000a1', title: 'สัมมนา Forex ภาคสนาม' };
const view = (overrides: Partial<KeyCheckView> = {}): KeyCheckView => ({
  result: 'success',
  total: 3,
  limit: 10,
  product: PRODUCT,
  prefill: null,
  ...overrides,
});
const receipt: BookingReceipt = {
  id: '0190e0e0-0000-7000-8000-0000000000b1',
  productTitle: PRODUCT.title,
  status: 'new',
  confirm: 'N',
  quantity: 1,
  hasSlip: true,
  createdAt: '2026-03-02T07:31:00.000Z',
};
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' });

async function checkKey(ue: ReturnType<typeof userEvent.setup>, email = 'somchai@example.com') {
  await ue.type(await screen.findByTestId('booking-check-email'), email);
  await ue.click(screen.getByTestId('booking-check-submit'));
}

const fieldset = () => screen.getByTestId('booking-fieldset') as HTMLFieldSetElement;

describe('/booking/:key — the key check', () => {
  it('opens the form on success, with the product, and sends the key from the link and the e-mail', async () => {
    const fetchMock = mockApi({ ...PLACES_API, [`POST ${CHECK}`]: json(200, view()) });
    renderApp('/booking/FX-2026');
    const ue = userEvent.setup();
    expect(((await screen.findByTestId('booking-key')) as HTMLInputElement).value).toBe('FX-2026');
    expect(fieldset().disabled).toBe(true);
    await checkKey(ue);
    expect((await screen.findByTestId('booking-check-success')).textContent).toBe(
      'รหัสใช้ได้: สัมมนา Forex ภาคสนาม (จองแล้ว 3 จาก 10 ที่)',
    );
    expect(fieldset().disabled).toBe(false);
    expect(screen.getByTestId('booking-product').textContent).toContain(PRODUCT.title);
    expect((screen.getByTestId('booking-email') as HTMLInputElement).value).toBe('somchai@example.com');
    expect(bodiesSentTo(fetchMock, 'POST', CHECK)).toEqual([
      { key: 'FX-2026', email: 'somchai@example.com' },
    ]);
  });

  it.each([
    ['limit', 'รหัสการจองนี้มีผู้จองครบจำนวนแล้ว (10 ที่)'],
    ['used', 'คุณได้จองด้วยรหัสนี้แล้ว'],
  ] as const)('keeps the form disabled when the key is %s', async (result, text) => {
    mockApi({ ...PLACES_API, [`POST ${CHECK}`]: json(200, view({ result, total: 10 })) });
    renderApp('/booking/FX-2026');
    await checkKey(userEvent.setup());
    expect((await screen.findByTestId(`booking-check-${result}`)).textContent).toBe(text);
    expect(fieldset().disabled).toBe(true);
    expect(screen.getByTestId('booking-form-disabled')).toBeTruthy();
  });

  it("shows the server's message for an unknown key and keeps the form disabled", async () => {
    mockApi({
      ...PLACES_API,
      [`POST ${CHECK}`]: problem(404, 'bookings.key_unknown', 'unknown', {
        messages: { th: 'ไม่พบรหัสการจองนี้', en: 'The booking key was not found' },
      }),
    });
    renderApp('/booking/NOPE-1');
    await checkKey(userEvent.setup());
    expect((await screen.findByTestId('booking-check-error')).textContent).toBe('ไม่พบรหัสการจองนี้');
    expect(fieldset().disabled).toBe(true);
  });

  it('checks the key on the page before asking (format and e-mail), and a changed key closes the form', async () => {
    const fetchMock = mockApi({ ...PLACES_API, [`POST ${CHECK}`]: json(200, view()) });
    renderApp('/booking');
    const ue = userEvent.setup();
    await ue.type(await screen.findByTestId('booking-key'), 'a b');
    await ue.type(screen.getByTestId('booking-check-email'), 'not-mail');
    await ue.click(screen.getByTestId('booking-check-submit'));
    const key = screen.getByTestId('booking-key');
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(key.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent,
    ).toBe('รหัสการจองไม่ถูกต้อง');
    expect(screen.getByTestId('booking-check-email').getAttribute('aria-invalid')).toBe('true');
    expect(bodiesSentTo(fetchMock, 'POST', CHECK)).toEqual([]);
    await ue.clear(key);
    await ue.type(key, 'FX-2026');
    await ue.clear(screen.getByTestId('booking-check-email'));
    await checkKey(ue);
    await screen.findByTestId('booking-check-success');
    expect(fieldset().disabled).toBe(false);
    await ue.type(key, 'X');
    expect(fieldset().disabled).toBe(true);
    expect(screen.queryByTestId('booking-check-success')).toBeNull();
  });

  it("fills the form with a signed-in member's last booking", async () => {
    mockApi({
      ...PLACES_API,
      [`POST ${CHECK}`]: json(
        200,
        view({
          prefill: {
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
          },
        }),
      ),
    });
    renderApp('/booking/FX-2026');
    await checkKey(userEvent.setup());
    await screen.findByTestId('booking-prefilled');
    expect((screen.getByTestId('booking-name') as HTMLInputElement).value).toBe('สมชาย');
    expect((screen.getByTestId('booking-tel') as HTMLInputElement).value).toBe('0812345678');
    await waitFor(() =>
      expect((screen.getByTestId('booking-subDistrict') as HTMLSelectElement).value).toBe('100101'),
    );
    expect((screen.getByTestId('booking-zip') as HTMLInputElement).value).toBe('10200');
  });
});

describe('/booking — the form', () => {
  it('ties each missing field to its error, and a slip needs its amount, day and 24-hour time', async () => {
    const fetchMock = mockApi({ ...PLACES_API, [`POST ${CHECK}`]: json(200, view()) });
    renderApp('/booking/FX-2026');
    const ue = userEvent.setup();
    await checkKey(ue);
    await screen.findByTestId('booking-check-success');
    await ue.type(screen.getByTestId('booking-tel'), '08123');
    await ue.click(screen.getByTestId('booking-submit'));
    for (const id of ['booking-name', 'booking-lname', 'booking-address', 'booking-province']) {
      expect(screen.getByTestId(id).getAttribute('aria-invalid')).toBe('true');
    }
    const tel = screen.getByTestId('booking-tel');
    expect(
      document.getElementById(tel.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent,
    ).toBe('กรุณากรอกให้ครบ 10ตัวอักษร');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('booking-name')));
    await ue.upload(screen.getByTestId('booking-slip'), png());
    await ue.type(screen.getByTestId('booking-amount'), '12.345');
    await ue.click(screen.getByTestId('booking-submit'));
    expect(screen.getByTestId('booking-amount').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('booking-paymentTime').getAttribute('aria-invalid')).toBe('true');
    expect(bodiesSentTo(fetchMock, 'POST', BOOK)).toEqual([]);
  });

  it('uploads the slip first (key, then the file), then books with the slip in satang, and shows the receipt', async () => {
    const order: string[] = [];
    const fetchMock = mockApi({
      ...PLACES_API,
      [`POST ${CHECK}`]: json(200, view()),
      [`POST ${SLIPS}`]: (_url, init) => {
        const form = init.body as FormData;
        order.push(`slips:${[...form.keys()].join(',')}`);
        return json(201, { id: '0190e0e0-0000-7000-8000-0000000000c1', filename: 'x.png' });
      },
      [`POST ${BOOK}`]: () => {
        order.push('book');
        return json(201, receipt);
      },
    });
    renderApp('/booking/FX-2026');
    const ue = userEvent.setup();
    await checkKey(ue);
    await screen.findByTestId('booking-check-success');
    await ue.type(screen.getByTestId('booking-name'), 'สมชาย');
    await ue.type(screen.getByTestId('booking-lname'), 'ใจดี');
    await ue.type(screen.getByTestId('booking-tel'), '081-234-5678');
    await ue.type(screen.getByTestId('booking-address'), '1 ถนนหน้าพระลาน');
    await waitFor(() => expect(screen.getByTestId('booking-province').hasAttribute('disabled')).toBe(false));
    await ue.selectOptions(screen.getByTestId('booking-province'), '10');
    await waitFor(() => expect(screen.getByTestId('booking-district').hasAttribute('disabled')).toBe(false));
    await ue.selectOptions(screen.getByTestId('booking-district'), '1001');
    await waitFor(() =>
      expect(screen.getByTestId('booking-subDistrict').hasAttribute('disabled')).toBe(false),
    );
    await ue.selectOptions(screen.getByTestId('booking-subDistrict'), '100101');
    await ue.upload(screen.getByTestId('booking-slip'), png());
    await ue.type(screen.getByTestId('booking-amount'), '1,500.50');
    const date = screen.getByTestId('booking-paymentDate') as HTMLInputElement;
    await ue.clear(date);
    await ue.type(date, '2026-03-02');
    await ue.type(screen.getByTestId('booking-paymentTime'), '14:30');
    await ue.click(screen.getByTestId('booking-submit'));
    expect((await screen.findByTestId('booking-receipt-product')).textContent).toBe(PRODUCT.title);
    expect(screen.getByTestId('booking-receipt-slip').textContent).toBe('แนบแล้ว');
    expect(order).toEqual(['slips:key,slip', 'book']);
    expect(bodiesSentTo(fetchMock, 'POST', BOOK)).toEqual([
      {
        key: 'FX-2026',
        name: 'สมชาย',
        lname: 'ใจดี',
        email: 'somchai@example.com',
        tel: '0812345678',
        address: '1 ถนนหน้าพระลาน',
        provinceId: 10,
        districtId: 1001,
        subDistrictId: 100101,
        zip: '10200',
        slip: {
          id: '0190e0e0-0000-7000-8000-0000000000c1',
          amount: 150050,
          paymentDate: '2026-03-02',
          paymentTime: '14:30',
        },
      },
    ]);
  });
});
