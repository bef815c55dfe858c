import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CouponView } from '@rian/proto-contracts/coupons';
import { page, renderAdmin } from '@/testing/admin';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { useLanguageStore } from '@/stores/language-store';

const COUPONS = '/api/orders/admin/coupons';
const PRODUCTS = '/api/catalog/admin/products';
const P1 = { id: '0190a0b0-0000-7000-8000-000000000001', title: 'Trading 101', url: 'trading-101' };
const AT = '2026-01-01T00:00:00.000Z';

function makeCoupon(overrides: Partial<CouponView> = {}): CouponView {
  return {
    id: 'c1',
    code: 'SAVE500',
    name: 'ลด 500',
    detail: null,
    productId: P1.id,
    productScope: 'Only',
    type: 'Price',
    price: 50000,
    percent: null,
    point: null,
    pay: null,
    year: 2026,
    month: null,
    day: null,
    hour: null,
    payment: 'transfer',
    start: '2026-03-01',
    startTime: '09:00',
    to: '2026-03-31',
    toTime: null,
    limit: 10,
    memberOnly: 'N',
    emailOnly: 'N',
    usedCount: 3,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** The listed coupons, the product choices and whatever else a test adds. */
function mockCoupons(coupons: CouponView[], more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ [`GET ${COUPONS}`]: page(coupons), [`GET ${PRODUCTS}`]: page([P1]), ...more });
}

const lastQuery = (fetchMock: ReturnType<typeof mockApi>) =>
  new URL(
    String(
      fetchMock.mock.calls
        .filter(([input]) => new URL(String(input), 'http://localhost').pathname === COUPONS)
        .at(-1)![0],
    ),
    'http://localhost',
  ).searchParams;

describe('/admin/coupon', () => {
  it('lists coupons with their value, product, window, flags and use; filters by product and state', async () => {
    const fetchMock = mockCoupons([
      makeCoupon(),
      makeCoupon({
        id: 'c2',
        code: 'HALF',
        type: 'Percent',
        price: null,
        percent: 12.5,
        productScope: 'All',
        productId: null,
        limit: null,
        usedCount: 0,
        memberOnly: 'Y',
        start: null,
        startTime: null,
        to: null,
      }),
      makeCoupon({ id: 'c3', code: 'PAY990', type: 'Pay', price: null, pay: 99000, emailOnly: 'Y' }),
      makeCoupon({ id: 'c4', code: 'COINS', type: 'Point', price: null, point: 1500 }),
      makeCoupon({ id: 'c5', code: 'FREE', type: 'All', price: null }),
    ]);
    renderAdmin('/admin/coupon');
    expect(await screen.findByRole('heading', { name: 'คูปอง' })).toBeTruthy();
    const save500 = await screen.findByTestId('coupon-row-SAVE500');
    expect(save500.textContent).toContain('ลด ฿500.00');
    expect(save500.textContent).toContain('1 มี.ค. 2026 09:00 – 31 มี.ค. 2026');
    await waitFor(() => expect(save500.textContent).toContain('Trading 101'));
    expect(within(save500).getByTestId('coupon-used-SAVE500').textContent).toBe('3 / 10');

    const half = screen.getByTestId('coupon-row-HALF');
    expect(half.textContent).toContain('ลด 12.5%');
    expect(half.textContent).toContain('ทุกสินค้า');
    expect(half.textContent).toContain('ไม่กำหนด');
    expect(within(half).getByTestId('coupon-used-HALF').textContent).toBe('0 / ไม่จำกัด');
    expect(screen.getByTestId('coupon-row-PAY990').textContent).toContain('จ่าย ฿990.00');
    expect(screen.getByTestId('coupon-row-COINS').textContent).toContain('1,500 Point');
    expect(screen.getByTestId('coupon-row-FREE').textContent).toContain('ฟรีทั้งราคา');

    const ue = userEvent.setup();
    await ue.selectOptions(screen.getByTestId('coupon-filter-product'), P1.id);
    await ue.selectOptions(screen.getByTestId('coupon-filter-active'), 'false');
    await waitFor(() => expect(lastQuery(fetchMock).get('active')).toBe('false'));
    expect(lastQuery(fetchMock).get('productId')).toBe(P1.id);
    await ue.type(screen.getByTestId('coupon-search'), 'save');
    await waitFor(() => expect(lastQuery(fetchMock).get('q')).toBe('save'));
  });

  it('speaks English when English is chosen', async () => {
    mockCoupons([
      makeCoupon({ type: 'Pay', price: null, pay: 99000, productScope: 'All', productId: null, limit: null }),
    ]);
    useLanguageStore.getState().setLanguage('en');
    renderAdmin('/admin/coupon');
    expect(await screen.findByRole('heading', { name: 'Coupons' })).toBeTruthy();
    const row = await screen.findByTestId('coupon-row-SAVE500');
    expect(row.textContent).toContain('pay ฿990.00');
    expect(row.textContent).toContain('All products');
    expect(row.textContent).toContain('1 Mar 2026 09:00 – 31 Mar 2026');
    expect(within(row).getByTestId('coupon-used-SAVE500').textContent).toBe('3 / Unlimited');
    expect(within(row).getByRole('button', { name: 'E-mails SAVE500' })).toBeTruthy();
  });

  it('creates a coupon: defaults of spec §9, code and product required, an empty limit is sent as null', async () => {
    const fetchMock = mockCoupons([], {
      [`POST ${COUPONS}`]: (_url, init) => json(201, makeCoupon(JSON.parse(String(init.body)))),
    });
    renderAdmin('/admin/coupon');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('coupon-new'));
    const form = await screen.findByTestId('coupon');
    expect((within(form).getByTestId('coupon-scope') as HTMLSelectElement).value).toBe('Only');
    expect((within(form).getByTestId('coupon-type') as HTMLSelectElement).value).toBe('All');
    expect((within(form).getByTestId('coupon-member-only') as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByTestId('coupon-email-only') as HTMLInputElement).checked).toBe(false);

    await ue.click(within(form).getByTestId('coupon-save'));
    expect(within(form).getAllByText('กรุณากรอกข้อมูล')).toHaveLength(2); // product, code
    expect(bodiesSentTo(fetchMock, 'POST', COUPONS)).toHaveLength(0);

    await waitFor(() => expect(within(form).getAllByRole('option', { name: /Trading 101/ })).toHaveLength(1));
    await ue.selectOptions(within(form).getByTestId('coupon-product'), P1.id);
    await ue.type(within(form).getByTestId('coupon-code'), ' NEWYEAR ');
    await ue.type(within(form).getByTestId('coupon-name'), 'ปีใหม่');
    await ue.type(within(form).getByTestId('coupon-start'), '2026-03-01');
    await ue.type(within(form).getByTestId('coupon-to'), '2026-02-01');
    await ue.click(within(form).getByTestId('coupon-save'));
    expect(within(form).getByText('วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น')).toBeTruthy();
    await ue.clear(within(form).getByTestId('coupon-to'));
    await ue.type(within(form).getByTestId('coupon-to'), '2026-03-31');
    await ue.type(within(form).getByTestId('coupon-to-time'), '18:30');
    await ue.click(within(form).getByTestId('coupon-member-only'));
    await ue.click(within(form).getByTestId('coupon-save'));
    await waitFor(() => expect(screen.queryByTestId('coupon')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', COUPONS)).toEqual([
      {
        code: 'NEWYEAR',
        name: 'ปีใหม่',
        detail: null,
        productScope: 'Only',
        productId: P1.id,
        type: 'All',
        price: null,
        percent: null,
        point: null,
        pay: null,
        start: '2026-03-01',
        startTime: null,
        to: '2026-03-31',
        toTime: '18:30',
        limit: null,
        memberOnly: 'Y',
        emailOnly: 'N',
      },
    ]);
  });

  it('changing the type clears the values and shows only the chosen one; an edit keeps the fields not on the form', async () => {
    const coupon = makeCoupon();
    const fetchMock = mockCoupons([coupon], {
      [`PUT ${COUPONS}/c1`]: (_url, init) => json(200, makeCoupon(JSON.parse(String(init.body)))),
    });
    renderAdmin('/admin/coupon');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('coupon-edit-SAVE500'));
    const form = await screen.findByTestId('coupon');
    expect((within(form).getByTestId('coupon-price') as HTMLInputElement).value).toBe('500.00');
    expect((within(form).getByTestId('coupon-limit') as HTMLInputElement).value).toBe('10');

    await ue.selectOptions(within(form).getByTestId('coupon-type'), 'Percent');
    expect(within(form).queryByTestId('coupon-price')).toBeNull();
    expect((within(form).getByTestId('coupon-percent') as HTMLInputElement).value).toBe('');
    await ue.type(within(form).getByTestId('coupon-percent'), '12.345');
    await ue.selectOptions(within(form).getByTestId('coupon-type'), 'Price');
    expect((within(form).getByTestId('coupon-price') as HTMLInputElement).value).toBe('');
    await ue.selectOptions(within(form).getByTestId('coupon-type'), 'Percent');
    expect((within(form).getByTestId('coupon-percent') as HTMLInputElement).value).toBe('');
    await ue.click(within(form).getByTestId('coupon-save'));
    expect(within(form).getByText('กรุณากรอกข้อมูล')).toBeTruthy();
    await ue.type(within(form).getByTestId('coupon-percent'), '12.345');
    await ue.click(within(form).getByTestId('coupon-save'));
    expect(within(form).getByText('กรุณากรอกตัวเลข 0–100 ทศนิยมไม่เกิน 2 ตำแหน่ง')).toBeTruthy();
    await ue.clear(within(form).getByTestId('coupon-percent'));
    await ue.type(within(form).getByTestId('coupon-percent'), '12.5');
    await ue.clear(within(form).getByTestId('coupon-limit'));
    await ue.click(within(form).getByTestId('coupon-save'));
    await waitFor(() => expect(screen.queryByTestId('coupon')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', `${COUPONS}/c1`)).toEqual([
      expect.objectContaining({
        code: 'SAVE500',
        type: 'Percent',
        price: null,
        percent: 12.5,
        point: null,
        pay: null,
        limit: null,
        start: '2026-03-01',
        startTime: '09:00',
        year: 2026,
        payment: 'transfer',
      }),
    ]);
  });

  it('a code already in use shows "มีรหัสคูปองนี้เเล้ว" under the code field', async () => {
    mockCoupons([], {
      [`POST ${COUPONS}`]: problem(409, 'coupon.code_taken', 'มีรหัสคูปองนี้เเล้ว'),
    });
    renderAdmin('/admin/coupon');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('coupon-new'));
    const form = await screen.findByTestId('coupon');
    await ue.selectOptions(within(form).getByTestId('coupon-scope'), 'All');
    expect(within(form).queryByTestId('coupon-product')).toBeNull();
    await ue.type(within(form).getByTestId('coupon-code'), 'SAVE500');
    await ue.click(within(form).getByTestId('coupon-save'));
    const code = within(form).getByTestId('coupon-code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    const described = code.getAttribute('aria-describedby')!.split(' ');
    const error = within(form).getByText('มีรหัสคูปองนี้เเล้ว');
    expect(described).toContain(error.id);
    expect(screen.getByTestId('coupon')).toBeTruthy(); // still open, nothing lost
    expect((code as HTMLInputElement).value).toBe('SAVE500');
  });

  it('e-mail list: adds one or many (bad ones named), removes softly after a confirm, re-adding restores', async () => {
    // the server's list: removing hides an entry, adding it again shows it with the same id
    const stored = [
      { id: 'e1', email: 'somchai@example.com', removed: false },
      { id: 'e2', email: 'old@example.com', removed: true },
    ];
    const listed = () => ({
      items: stored.filter((e) => !e.removed).map(({ id, email }) => ({ id, email })),
    });
    const EMAILS = `${COUPONS}/c1/emails`;
    const fetchMock = mockCoupons([makeCoupon({ emailOnly: 'Y' })], {
      [`GET ${EMAILS}`]: () => json(200, listed()),
      [`POST ${EMAILS}`]: (_url, init) => {
        for (const email of (JSON.parse(String(init.body)) as { emails: string[] }).emails) {
          const known = stored.find((e) => e.email === email);
          if (known) known.removed = false;
          else stored.push({ id: `e${stored.length + 1}`, email, removed: false });
        }
        return json(200, listed());
      },
      [`DELETE ${EMAILS}/e1`]: () => {
        stored[0]!.removed = true;
        return { status: 204 };
      },
    });
    renderAdmin('/admin/coupon');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('coupon-emails-SAVE500'));
    const dialog = await screen.findByTestId('coupon-email-dialog');
    const rows = async () =>
      (await within(dialog).findAllByTestId('coupon-email-table-row')).map((r) => r.firstChild?.textContent);
    expect(await rows()).toEqual(['somchai@example.com']);

    await ue.type(within(dialog).getByTestId('coupon-email-input'), 'a@b.co, not-an-email\nx@');
    await ue.click(within(dialog).getByTestId('coupon-email-add'));
    expect(within(dialog).getByText('รูปแบบ E-mail ไม่ถูกต้อง: not-an-email, x@')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', EMAILS)).toHaveLength(0);

    await ue.clear(within(dialog).getByTestId('coupon-email-input'));
    await ue.type(
      within(dialog).getByTestId('coupon-email-input'),
      'New@Example.com, a@b.co\nnew@example.com somchai@example.com',
    );
    await ue.click(within(dialog).getByTestId('coupon-email-add'));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST', EMAILS)).toEqual([
        { emails: ['new@example.com', 'a@b.co', 'somchai@example.com'] },
      ]),
    );
    expect((await within(dialog).findByTestId('coupon-email-result')).textContent).toBe(
      'เพิ่มแล้ว 2 รายการ มีอยู่แล้ว 1 รายการ',
    );
    expect((within(dialog).getByTestId('coupon-email-input') as HTMLTextAreaElement).value).toBe('');
    await waitFor(async () =>
      expect(await rows()).toEqual(['somchai@example.com', 'new@example.com', 'a@b.co']),
    );

    await ue.click(within(dialog).getByTestId('coupon-email-remove-somchai@example.com'));
    const confirm = await screen.findByRole('alertdialog', { name: 'ลบ Email?' });
    expect(confirm.textContent).toContain('somchai@example.com');
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'DELETE', `${EMAILS}/e1`)).toHaveLength(1));
    await waitFor(async () => expect(await rows()).toEqual(['new@example.com', 'a@b.co']));

    // the removed one comes back when added again
    await ue.type(within(dialog).getByTestId('coupon-email-input'), 'Somchai@example.com');
    await ue.click(within(dialog).getByTestId('coupon-email-add'));
    await waitFor(async () =>
      expect(await rows()).toEqual(['somchai@example.com', 'new@example.com', 'a@b.co']),
    );
    expect(bodiesSentTo(fetchMock, 'POST', EMAILS).at(-1)).toEqual({ emails: ['somchai@example.com'] });
  });

  it('deleting a coupon used by orders shows why it cannot go; an unused one is deleted', async () => {
    const fetchMock = mockCoupons([makeCoupon(), makeCoupon({ id: 'c2', code: 'UNUSED' })], {
      [`DELETE ${COUPONS}/c1`]: problem(409, 'coupon.in_use', 'คูปองนี้ถูกใช้ในคำสั่งซื้อแล้ว ลบไม่ได้'),
      [`DELETE ${COUPONS}/c2`]: { status: 204 },
    });
    renderAdmin('/admin/coupon');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('coupon-delete-SAVE500'));
    let confirm = await screen.findByRole('alertdialog', { name: 'ลบคูปอง?' });
    expect(confirm.textContent).toContain('SAVE500');
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    expect((await within(confirm).findByTestId('confirm-error')).textContent).toBe(
      'คูปองนี้ถูกใช้ในคำสั่งซื้อแล้ว ลบไม่ได้',
    );
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await ue.click(within(confirm).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await ue.click(screen.getByTestId('coupon-delete-UNUSED'));
    confirm = await screen.findByRole('alertdialog', { name: 'ลบคูปอง?' });
    expect(within(confirm).queryByTestId('confirm-error')).toBeNull();
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'DELETE', `${COUPONS}/c2`)).toHaveLength(1);
  });
});
