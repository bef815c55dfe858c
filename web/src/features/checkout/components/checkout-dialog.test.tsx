import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutQuote, OrderView } from '@rian/proto-contracts/orders';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { makeLookup, makePrice, makeProduct } from '@/testing/catalog-fixtures';
import type { Address, PriceLookup, Product } from '@/types/api';
import CheckoutDialog from './checkout-dialog';

const product = makeProduct({ coinPay: 'Y' });
const base = `/api/catalog/products/${product.id}`;
const nl = makePrice({ id: '00000000-0000-4000-8000-0000000000a1', member: 'NL', title: 'ราคาปกติ' });
const cg = makePrice({
  id: '00000000-0000-4000-8000-0000000000a3',
  member: 'CG3',
  type: 'EB',
  value: 1_990_000,
  title: 'รุ่น CG3',
  fee: 'Y',
});

const REFERENCE = {
  'GET /api/auth/reference/provinces': json(200, [{ id: 10, nameTh: 'กรุงเทพมหานคร', nameEn: 'Bangkok' }]),
  'GET /api/auth/reference/districts': json(200, [
    { id: 1030, provinceId: 10, nameTh: 'จตุจักร', nameEn: 'Chatuchak' },
  ]),
  'GET /api/auth/reference/sub-districts': json(200, [
    { id: 103001, districtId: 1030, nameTh: 'จอมพล', nameEn: 'Chom Phon', zip: '10900' },
  ]),
};

const SAVED_COMPANY: Address = {
  format: 'current',
  type: 'company',
  fullname: 'บริษัท ทดลองเทรด จำกัด',
  vatId: '0105558000111',
  tel: '0812345678',
  address: '99/9 ถนนพหลโยธิน',
  provinceId: 10,
  provinceName: 'กรุงเทพมหานคร',
  districtId: 1030,
  districtName: 'จตุจักร',
  subDistrictId: 103001,
  subDistrictName: 'จอมพล',
  zip: '10900',
  note: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
};

function makeOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: '00000000-0000-7000-8000-000000000042',
    orderNo: 42,
    reference: 'SPSK0000000042',
    userId: 'u1',
    status: 'wait',
    paymentType: 4,
    total: 2_990_000,
    discount: 0,
    vat: 195_607,
    fee: 0,
    withholding: 0,
    net: 2_990_000,
    receipt: 'N',
    receiptType: 'person',
    couponId: null,
    couponCode: null,
    productTitle: product.title,
    receiptInfo: null,
    invite: null,
    details: [],
    installments: [],
    createdAt: '2026-03-05T03:00:00.000Z',
    ...overrides,
  };
}

type Routes = Parameters<typeof mockApi>[0];

/**
 * Orders' quote as the server would answer it for ฿29,900 with coupon SAVE1000 (฿1,000 off) and a
 * company invoice: amount 28,900; VAT 1,890.65; withholding round(28,900 × 3 / 107) = 810.28; card
 * fee 3% = 867.00. Without a coupon or invoice, the plain price. (The browser never computes these.)
 */
function quoteFor(body: CheckoutBody): CheckoutQuote {
  const coupon = body.couponCode === 'SAVE1000';
  const company = body.receipt?.type === 'company';
  const amount = coupon ? 2_890_000 : 2_990_000;
  const withholding = company ? (coupon ? 81_028 : 83_832) : 0;
  const fee = body.paymentType === 1 ? (coupon ? 86_700 : 89_700) : 0;
  const net = amount + fee - withholding;
  const installments =
    body.paymentType === 8 && coupon && company
      ? [
          { period: 1, dueDate: '2026-03-05', amount: 936_400 },
          { period: 2, dueDate: '2026-04-05', amount: 936_400 },
          { period: 3, dueDate: '2026-05-05', amount: 936_172 },
        ]
      : [];
  return {
    productId: body.productId,
    priceId: body.priceId,
    paymentType: body.paymentType,
    planId: body.paymentType === 8 ? '00000000-0000-4000-8000-0000000000f3' : null,
    couponCode: coupon ? 'SAVE1000' : null,
    total: 2_990_000,
    discount: coupon ? 100_000 : 0,
    vat: coupon ? 189_065 : 195_607,
    fee,
    withholding,
    net,
    coin: 0,
    installments,
  };
}

/** The reads a checkout makes, then what a test is about. */
function mockCheckout(routes: Routes = {}, lookup: PriceLookup = makeLookup([nl])) {
  return mockApi({
    ...REFERENCE,
    [`GET ${base}/prices`]: json(200, lookup),
    [`GET ${base}/installment-plans/today`]: json(200, {
      productId: product.id,
      date: '2026-03-05',
      items: [],
    }),
    'GET /api/auth/addresses': json(200, []),
    'POST /api/orders/checkout': json(201, { order: makeOrder() }),
    'POST /api/orders/checkout/quote': (_url, init) => json(200, quoteFor(JSON.parse(String(init.body)))),
    ...routes,
  });
}

/** As the app layer does: the member's prices from catalog's lookup, read over HTTP. */
function Harness({
  item = product,
  chosenPriceId = null,
  onClose = () => {},
}: {
  item?: Product;
  chosenPriceId?: string | null;
  onClose?: () => void;
}) {
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const prices = useQuery({
    queryKey: ['test-prices', item.id, userId],
    queryFn: () => api<PriceLookup>(`/catalog/products/${item.id}/prices`),
    enabled: Boolean(token),
  });
  return (
    <CheckoutDialog
      product={item}
      prices={prices}
      chosenPriceId={chosenPriceId}
      signIn={({ onSignedIn }) => (
        <button
          type="button"
          onClick={() => {
            useAuthStore.getState().setSession('new-token', makeUser({ id: 'u2' }));
            onSignedIn();
          }}
        >
          sign in (auth's form in the app)
        </button>
      )}
      bankAccounts={<p data-testid="bank-accounts-slot">KBANK 123-4-56789-0</p>}
      onClose={onClose}
    />
  );
}

function openAsMember(props: Parameters<typeof Harness>[0] = {}) {
  useAuthStore.getState().setSession('member-token', makeUser({ membershipCodes: ['CG3'] }));
  renderWithProviders(<Harness {...props} />);
  return userEvent.setup();
}

type User = ReturnType<typeof userEvent.setup>;

async function toPayment(user: User) {
  await user.click(await screen.findByTestId('checkout-next'));
  await screen.findByTestId('checkout-invoice');
  await user.click(screen.getByTestId('checkout-next'));
  await screen.findByTestId('checkout-payment');
}

const radio = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);

function headersSentTo(fetchMock: ReturnType<typeof mockApi>, pathname: string) {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === pathname)
    .map(([, init]) => init?.headers as Record<string, string>);
}

describe('order dialog: the package (spec 02 §4)', () => {
  it("preselects catalog's preselectedPriceId (CG… before NL), else the first price", async () => {
    mockCheckout({}, makeLookup([nl, cg], cg.id));
    openAsMember();
    const stepper = await screen.findByTestId('checkout-stepper');
    expect(
      within(stepper)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1เลือกแพ็กเกจ', '2ใบกำกับภาษี', '3ชำระเงิน', '4เสร็จสิ้น']);
    expect((await screen.findByTestId<HTMLInputElement>(`checkout-package-${cg.id}`)).checked).toBe(true);
    expect(radio(`checkout-package-${nl.id}`).checked).toBe(false);
    // fee flag Y: the card-fee label is struck through
    const cgOption = radio(`checkout-package-${cg.id}`).closest('label')!;
    expect(within(cgOption).getByTestId('checkout-fee-waived').querySelector('s')?.textContent).toBe(
      'ค่าธรรมเนียมบัตร 3%',
    );
    expect(within(cgOption).getByText('แนะนำสำหรับคุณ')).toBeTruthy();
  });

  it('without a preselection the first price is chosen; the page’s choice wins over both', async () => {
    mockCheckout({}, makeLookup([nl, cg], null));
    openAsMember();
    expect((await screen.findByTestId<HTMLInputElement>(`checkout-package-${nl.id}`)).checked).toBe(true);
  });

  it('starts from the price chosen on the product page', async () => {
    mockCheckout({}, makeLookup([nl, cg], cg.id));
    openAsMember({ chosenPriceId: nl.id });
    expect((await screen.findByTestId<HTMLInputElement>(`checkout-package-${nl.id}`)).checked).toBe(true);
  });

  it('no price for this member: says so and offers nothing to buy', async () => {
    const onClose = vi.fn();
    mockCheckout({}, makeLookup([]));
    const user = openAsMember({ onClose });
    expect((await screen.findByTestId('checkout-no-price')).textContent).toContain(
      'วันนี้ยังไม่มีแพ็กเกจราคาสำหรับประเภทสมาชิกของคุณ',
    );
    expect(screen.queryByTestId('checkout-next')).toBeNull();
    await user.click(screen.getByTestId('checkout-close'));
    expect(onClose).toHaveBeenCalled();
  });
});

describe("order dialog: orders' quote before confirming (issue 11 item 12)", () => {
  it('shows total, discount, VAT, card fee, withholding, net and the instalments as orders quotes them, again on each change, before anything is placed', async () => {
    const plan = {
      id: '00000000-0000-4000-8000-0000000000f3',
      productId: product.id,
      name: 'ผ่อน 3 เดือน',
      detail: null,
      type: 'all',
      count: 3,
      start: null,
      to: null,
    };
    const fetchMock = mockCheckout({
      'GET /api/auth/addresses': json(200, [SAVED_COMPANY]),
      [`GET ${base}/installment-plans/today`]: json(200, {
        productId: product.id,
        date: '2026-03-05',
        items: [plan],
      }),
      'POST /api/orders/coupons/check': json(200, {
        couponId: '00000000-0000-7000-8000-0000000000c1',
        code: 'SAVE1000',
        name: 'ลด 1,000',
        type: 'Price',
        priceId: nl.id,
        price: nl.value,
        discount: 100_000,
        points: 0,
        memberOnly: 'N',
        emailOnly: 'N',
        countOrder: 0,
        limit: null,
      }),
    });
    const user = openAsMember();
    await user.click(await screen.findByTestId('checkout-coupon-open'));
    await user.type(await screen.findByTestId('checkout-coupon-code'), 'SAVE1000');
    await user.click(screen.getByTestId('checkout-coupon-apply'));
    await screen.findByTestId('checkout-coupon-applied');
    await user.click(screen.getByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-receipt-yes'));
    await user.click(screen.getByTestId('checkout-receipt-company'));
    await user.click(await screen.findByTestId('checkout-use-saved'));
    await user.click(screen.getByTestId('checkout-next'));
    await screen.findByTestId('checkout-payment');

    const amounts = async (paymentType: number) => {
      await waitFor(() =>
        expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/checkout/quote').at(-1)).toMatchObject({
          paymentType,
        }),
      );
      const quote = await screen.findByTestId('checkout-quote');
      await waitFor(() => expect(quote.getAttribute('data-ready')).toBe('true'));
      return ['total', 'discount', 'vat', 'fee', 'withholding', 'net'].map(
        (key) => within(quote).getByTestId(`checkout-quote-amount-${key}`).querySelector('dd')?.textContent,
      );
    };

    // bank transfer (the default): no fee; the company withholds 3% of the price without VAT
    expect(await amounts(4)).toEqual([
      '฿29,900.00',
      '-฿1,000.00',
      '฿1,890.65',
      '฿0.00',
      '-฿810.28',
      '฿28,089.72',
    ]);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/checkout/quote').at(-1)).toMatchObject({
      productId: product.id,
      priceId: nl.id,
      couponCode: 'SAVE1000',
      paymentType: 4,
      receipt: { type: 'company', name: 'บริษัท ทดลองเทรด จำกัด' },
    });

    // card: the fee comes in
    await user.click(radio('checkout-pay-1'));
    expect(await amounts(1)).toEqual([
      '฿29,900.00',
      '-฿1,000.00',
      '฿1,890.65',
      '฿867.00',
      '-฿810.28',
      '฿28,956.72',
    ]);

    // instalments: the schedule of the first open plan, in whole baht, the last taking the rest
    await waitFor(() => expect(radio('checkout-pay-8').disabled).toBe(false));
    await user.click(radio('checkout-pay-8'));
    expect((await amounts(8)).at(-1)).toBe('฿28,089.72');
    expect(
      [1, 2, 3].map((period) => screen.getByTestId(`checkout-quote-installment-${period}`).textContent),
    ).toEqual([
      'งวดที่ 1 (5 มี.ค. 2026)฿9,364.00',
      'งวดที่ 2 (5 เม.ย. 2026)฿9,364.00',
      'งวดที่ 3 (5 พ.ค. 2026)฿9,361.72',
    ]);

    // all of it before confirming: nothing was placed
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/checkout')).toHaveLength(0);
  });

  it("shows the server's reason when orders refuses the quote (e.g. the coupon used up meanwhile)", async () => {
    mockCheckout({
      'POST /api/orders/checkout/quote': problem(409, 'coupon.used_up', 'รหัสคูปองนี้ ถูกใช้ครบเเล้ว'),
    });
    const user = openAsMember();
    await toPayment(user);
    expect((await screen.findByTestId('checkout-quote-error')).textContent).toBe('รหัสคูปองนี้ ถูกใช้ครบเเล้ว');
  });
});

describe('order dialog: the coupon (spec 02 §2, §5)', () => {
  it("requires a code, shows the server's Thai message under the field, applies a good one", async () => {
    let reply = problem(403, 'coupon.member_only', 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม เท่านั้น');
    const fetchMock = mockCheckout({ 'POST /api/orders/coupons/check': () => reply });
    const user = openAsMember();
    await user.click(await screen.findByTestId('checkout-coupon-open'));
    const dialog = await screen.findByTestId('checkout-coupon-dialog');
    expect(dialog.classList.contains('coupon-dialog')).toBe(true);

    await user.click(screen.getByTestId('checkout-coupon-apply'));
    expect(within(dialog).getByText('กรุณากรอกข้อมูล')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/coupons/check')).toHaveLength(0);

    const code = screen.getByTestId('checkout-coupon-code');
    await user.type(code, 'OLDONLY');
    await user.click(screen.getByTestId('checkout-coupon-apply'));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    const described = (code.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม เท่านั้น',
    );
    expect(screen.queryByTestId('checkout-coupon-applied')).toBeNull();

    reply = json(200, {
      couponId: '00000000-0000-7000-8000-0000000000c1',
      code: 'SAVE1000',
      name: 'ส่วนลด 1,000 บาท',
      type: 'Price',
      priceId: nl.id,
      price: nl.value,
      discount: 100_000,
      points: 0,
      memberOnly: 'N',
      emailOnly: 'N',
      countOrder: 0,
      limit: 5,
    });
    await user.clear(code);
    await user.type(code, 'SAVE1000');
    await user.click(screen.getByTestId('checkout-coupon-apply'));
    const applied = await screen.findByTestId('checkout-coupon-applied');
    expect(applied.textContent).toContain('SAVE1000');
    expect(applied.textContent).toContain('฿1,000.00');
    expect(screen.queryByTestId('checkout-coupon-dialog')).toBeNull();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/coupons/check').at(-1)).toEqual({
      code: 'SAVE1000',
      productId: product.id,
      priceId: nl.id,
    });

    // the summary before ordering: the price and the coupon's discount as orders computed it
    await toPayment(user);
    expect(screen.getByTestId('checkout-summary-price').textContent).toBe('฿29,900.00');
    expect(screen.getByTestId('checkout-summary-discount').textContent).toBe('-฿1,000.00');
    await user.click(screen.getByTestId('checkout-confirm'));
    await screen.findByTestId('checkout-reference');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/checkout')[0]).toMatchObject({
      couponCode: 'SAVE1000',
    });
  });

  it('an applied coupon can be removed', async () => {
    mockCheckout({
      'POST /api/orders/coupons/check': json(200, {
        couponId: '00000000-0000-7000-8000-0000000000c1',
        code: 'FREE',
        name: 'ฟรี',
        type: 'All',
        priceId: nl.id,
        price: nl.value,
        discount: nl.value,
        points: 0,
        memberOnly: 'N',
        emailOnly: 'N',
        countOrder: 0,
        limit: null,
      }),
    });
    const user = openAsMember();
    await user.click(await screen.findByTestId('checkout-coupon-open'));
    await user.type(await screen.findByTestId('checkout-coupon-code'), 'FREE');
    await user.click(screen.getByTestId('checkout-coupon-apply'));
    await user.click(await screen.findByTestId('checkout-coupon-remove'));
    expect(screen.queryByTestId('checkout-coupon-applied')).toBeNull();
    expect(screen.getByTestId('checkout-coupon-open')).toBeTruthy();
  });
});

describe('order dialog: the invoice (spec 02 §4, §5)', () => {
  it('a company needs name, tax id of 13, address, province, district, sub-district, zip and a phone of 10', async () => {
    const fetchMock = mockCheckout();
    const user = openAsMember();
    await user.click(await screen.findByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-receipt-yes'));
    await user.click(screen.getByTestId('checkout-receipt-company'));
    expect(screen.getByLabelText('ชื่อบริษัท')).toBe(screen.getByTestId('checkout-company-name'));

    await user.click(screen.getByTestId('checkout-next'));
    const invalid = (testId: string) => screen.getByTestId(testId).getAttribute('aria-invalid') === 'true';
    for (const id of [
      'checkout-company-name',
      'checkout-company-taxid',
      'checkout-company-address',
      'checkout-company-phone',
      'checkout-province',
      'checkout-district',
      'checkout-sub-district',
      'checkout-zip',
    ]) {
      expect(invalid(id), id).toBe(true);
    }
    expect(screen.getAllByText('กรุณากรอกข้อมูล')).toHaveLength(8);

    await user.type(screen.getByTestId('checkout-company-taxid'), '01055580');
    await user.type(screen.getByTestId('checkout-company-phone'), '08123');
    await user.click(screen.getByTestId('checkout-next'));
    expect(screen.getByText('กรุณากรอกให้ครบ 13ตัวอักษร')).toBeTruthy();
    expect(screen.getByText('กรุณากรอกให้ครบ 10ตัวอักษร')).toBeTruthy();
    expect(screen.queryByTestId('checkout-payment')).toBeNull();

    // fill it: the picker chains province → district → sub-district, which fills the zip
    await user.type(screen.getByTestId('checkout-company-name'), 'บริษัท ทดลองเทรด จำกัด');
    await user.clear(screen.getByTestId('checkout-company-taxid'));
    await user.type(screen.getByTestId('checkout-company-taxid'), '0105558000111');
    await user.type(screen.getByTestId('checkout-company-address'), '99/9 ถนนพหลโยธิน');
    await user.clear(screen.getByTestId('checkout-company-phone'));
    await user.type(screen.getByTestId('checkout-company-phone'), '081-234-5678');
    await waitFor(() =>
      expect(screen.getByTestId<HTMLSelectElement>('checkout-province').disabled).toBe(false),
    );
    await user.selectOptions(screen.getByTestId('checkout-province'), '10');
    await waitFor(() =>
      expect(screen.getByTestId<HTMLSelectElement>('checkout-district').disabled).toBe(false),
    );
    await user.selectOptions(screen.getByTestId('checkout-district'), '1030');
    await waitFor(() =>
      expect(screen.getByTestId<HTMLSelectElement>('checkout-sub-district').disabled).toBe(false),
    );
    await user.selectOptions(screen.getByTestId('checkout-sub-district'), '103001');
    expect(screen.getByTestId<HTMLInputElement>('checkout-zip').value).toBe('10900');
    await user.click(screen.getByTestId('checkout-next'));
    await screen.findByTestId('checkout-payment');
    expect(screen.getByTestId('checkout-summary-receipt').textContent).toBe('นิติบุคคล: บริษัท ทดลองเทรด จำกัด');
    // the company address dialog: 500 wide, read-only, what the invoice will print
    await user.click(screen.getByTestId('checkout-address-view'));
    const view = await screen.findByTestId('checkout-address-dialog');
    expect(view.classList.contains('address-view-dialog')).toBe(true);
    expect(within(view).getByTestId('receipt-info').textContent).toContain(
      '99/9 ถนนพหลโยธิน จอมพล จตุจักร กรุงเทพมหานคร 10900',
    );
    expect(within(view).queryByRole('textbox')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('checkout-address-dialog')).toBeNull());
    await user.click(screen.getByTestId('checkout-confirm'));
    await screen.findByTestId('checkout-reference');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/checkout')[0]).toEqual({
      productId: product.id,
      priceId: nl.id,
      paymentType: 4,
      receipt: {
        type: 'company',
        name: 'บริษัท ทดลองเทรด จำกัด',
        taxId: '0105558000111',
        address: '99/9 ถนนพหลโยธิน',
        province: 'กรุงเทพมหานคร',
        district: 'จตุจักร',
        subDistrict: 'จอมพล',
        zip: '10900',
        phone: '0812345678',
      },
    });
  });

  it('"use my saved address" fills the form; the book-delivery box shows only for a product with a book', async () => {
    mockCheckout({ 'GET /api/auth/addresses': json(200, [SAVED_COMPANY]) });
    const user = openAsMember();
    await user.click(await screen.findByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-receipt-yes'));
    await user.click(screen.getByTestId('checkout-receipt-company'));
    expect(screen.queryByTestId('checkout-use-delivery')).toBeNull();
    await user.click(await screen.findByTestId('checkout-use-saved'));
    expect(screen.getByTestId<HTMLInputElement>('checkout-company-name').value).toBe('บริษัท ทดลองเทรด จำกัด');
    expect(screen.getByTestId<HTMLInputElement>('checkout-zip').value).toBe('10900');
    await waitFor(() =>
      expect(screen.getByTestId<HTMLSelectElement>('checkout-sub-district').value).toBe('103001'),
    );
    // a hand-made change: the form is no longer "the saved address"
    await user.type(screen.getByTestId('checkout-company-name'), ' (สาขา 1)');
    expect(screen.getByTestId<HTMLInputElement>('checkout-use-saved').checked).toBe(false);
  });

  it('the book-delivery checkbox appears when the product has a book (book Y)', async () => {
    mockCheckout();
    const user = openAsMember({ item: { ...product, book: 'Y' } });
    await user.click(await screen.findByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-receipt-yes'));
    const delivery = await screen.findByTestId<HTMLInputElement>('checkout-use-delivery');
    // nothing saved for delivery: offered, but cannot be ticked
    expect(delivery.disabled).toBe(true);
  });
});

describe('order dialog: payment (spec 02 §4)', () => {
  it('bank transfer is the default; coin is greyed with its reason when the product takes no coins', async () => {
    mockCheckout();
    const user = openAsMember({ item: { ...product, coinPay: 'N' } });
    await toPayment(user);
    expect(radio('checkout-pay-4').checked).toBe(true);
    const coin = radio('checkout-pay-6');
    expect(coin.disabled).toBe(true);
    const reason = document.getElementById(coin.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('คอร์สนี้ไม่รับชำระด้วยเหรียญ');
  });

  it("a type staff switched off (payments' list) is greyed with its reason", async () => {
    const type = (id: number, disable: 'Y' | 'N') => ({
      id,
      icon: 'card',
      title: { th: 't', en: 't' },
      detail: { th: 'd', en: 'd' },
      disable,
    });
    mockCheckout({
      'GET /api/payments/payment-types': json(200, [type(1, 'Y'), type(4, 'N'), type(6, 'N'), type(8, 'N')]),
    });
    const user = openAsMember();
    await toPayment(user);
    const card = radio('checkout-pay-1');
    await waitFor(() => expect(card.disabled).toBe(true));
    expect(document.getElementById(card.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'ช่องทางนี้ปิดใช้งานชั่วคราว',
    );
    expect(radio('checkout-pay-4').disabled).toBe(false);
  });

  it('choosing coin disables the receipt asked for in step 2', async () => {
    const fetchMock = mockCheckout({ 'GET /api/auth/addresses': json(200, [SAVED_COMPANY]) });
    const user = openAsMember();
    await user.click(await screen.findByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-receipt-yes'));
    await user.click(screen.getByTestId('checkout-receipt-company'));
    await user.click(await screen.findByTestId('checkout-use-saved'));
    await user.click(screen.getByTestId('checkout-next'));
    await screen.findByTestId('checkout-payment');
    expect(screen.queryByTestId('checkout-coin-no-receipt')).toBeNull();

    await user.click(radio('checkout-pay-6'));
    expect(screen.getByTestId('checkout-coin-no-receipt').textContent).toBe(
      'ชำระด้วยเหรียญจะไม่ออกใบกำกับภาษี / ใบเสร็จรับเงินที่ขอไว้',
    );
    expect(screen.getByTestId('checkout-summary-receipt').textContent).toBe('ไม่ขอ');
    await user.click(screen.getByTestId('checkout-confirm'));
    await screen.findByTestId('checkout-reference');
    const [body] = bodiesSentTo(fetchMock, 'POST', '/api/orders/checkout') as Record<string, unknown>[];
    expect(body).toMatchObject({ paymentType: 6 });
    expect(body).not.toHaveProperty('receipt');
  });

  it('instalments only with a plan open today: greyed without one', async () => {
    mockCheckout();
    const user = openAsMember();
    await toPayment(user);
    const instalments = radio('checkout-pay-8');
    await waitFor(() =>
      expect(document.getElementById(instalments.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'วันนี้ไม่มีแผนผ่อนชำระที่เปิดให้คุณ',
      ),
    );
    expect(instalments.disabled).toBe(true);
  });

  it("with open plans: offered with the plan's count; the chosen plan is sent", async () => {
    const plan = (id: string, count: number, name: string) => ({
      id,
      productId: product.id,
      name,
      detail: null,
      type: 'all',
      count,
      start: null,
      to: null,
    });
    const three = plan('00000000-0000-4000-8000-0000000000f3', 3, 'ผ่อน 3 งวด');
    const six = plan('00000000-0000-4000-8000-0000000000f6', 6, 'แผนยาว');
    const fetchMock = mockCheckout({
      [`GET ${base}/installment-plans/today`]: json(200, {
        productId: product.id,
        date: '2026-03-05',
        items: [three, six],
      }),
    });
    const user = openAsMember();
    await toPayment(user);
    await waitFor(() => expect(radio('checkout-pay-8').disabled).toBe(false));
    await user.click(radio('checkout-pay-8'));
    expect(radio(`checkout-plan-${three.id}`).checked).toBe(true);
    // a name that says its count reads once (not "ผ่อน 3 งวด: ผ่อน 3 งวด"); another gets the count
    expect(radio(`checkout-plan-${three.id}`).closest('label')!.textContent).toBe('ผ่อน 3 งวด');
    expect(screen.getByText('แผนยาว: ผ่อน 6 งวด')).toBeTruthy();
    await user.click(radio(`checkout-plan-${six.id}`));
    await user.click(screen.getByTestId('checkout-confirm'));
    await screen.findByTestId('checkout-reference');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/checkout')[0]).toMatchObject({
      paymentType: 8,
      planId: six.id,
    });
    // plans are asked with the member's token (e-mail-only plans)
    expect(headersSentTo(fetchMock, `${base}/installment-plans/today`)[0]?.Authorization).toBe(
      'Bearer member-token',
    );
  });

  it('clicking step 2 from step 3 goes back and resets the payment type to 4', async () => {
    const fetchMock = mockCheckout();
    const user = openAsMember();
    await toPayment(user);
    await user.click(radio('checkout-pay-1'));
    expect(radio('checkout-pay-1').checked).toBe(true);
    // the card fee shows, plain (this price does not waive it)
    expect(within(radio('checkout-pay-1').closest('label')!).getByText('ค่าธรรมเนียมบัตร 3%')).toBeTruthy();

    await user.click(screen.getByTestId('checkout-stepper-invoice'));
    expect(await screen.findByTestId('checkout-invoice')).toBeTruthy();
    expect(
      screen.getByTestId('checkout-stepper').querySelector('[aria-current="step"]')?.textContent,
    ).toContain('ใบกำกับภาษี');
    await user.click(screen.getByTestId('checkout-next'));
    await screen.findByTestId('checkout-payment');
    expect(radio('checkout-pay-4').checked).toBe(true);
    expect(radio('checkout-pay-1').checked).toBe(false);
    await user.click(screen.getByTestId('checkout-confirm'));
    await screen.findByTestId('checkout-reference');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/orders/checkout')[0]).toMatchObject({ paymentType: 4 });
  });
});

describe('order dialog: placing the order', () => {
  it('a retry after a failure re-sends the same Idempotency-Key; a double click sends one request', async () => {
    let calls = 0;
    let failFirst: () => void = () => {};
    const fetchMock = mockCheckout({
      'POST /api/orders/checkout': () => {
        calls += 1;
        if (calls > 1) return json(201, { order: makeOrder() });
        // the first answer comes late (and fails): the second click of a double click meets a busy button
        return new Promise((resolve) => {
          failFirst = () => resolve(problem(503, 'service.unavailable', 'ระบบไม่พร้อมให้บริการชั่วคราว'));
        });
      },
    });
    const user = openAsMember();
    await toPayment(user);
    await user.dblClick(screen.getByTestId('checkout-confirm'));
    expect(calls).toBe(1);
    failFirst();
    expect((await screen.findByRole('alert')).textContent).toBe('ระบบไม่พร้อมให้บริการชั่วคราว');

    await user.click(screen.getByTestId('checkout-confirm'));
    await screen.findByTestId('checkout-reference');
    const keys = headersSentTo(fetchMock, '/api/orders/checkout').map((h) => h['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("shows the reply's amounts (not its own), the reference, the accounts, then the completion", async () => {
    const onClose = vi.fn();
    // deliberately not what the price would give: the screen must show the order's numbers
    const order = makeOrder({
      total: 1_290_000,
      discount: 100_000,
      vat: 77_850,
      fee: 0,
      withholding: 33_364,
      net: 1_156_636,
      paymentType: 8,
      installments: [
        { period: 1, dueDate: '2026-03-05', amount: 578_318, status: 'create' },
        { period: 2, dueDate: '2026-04-05', amount: 578_318, status: 'create' },
      ],
    });
    mockCheckout({ 'POST /api/orders/checkout': json(201, { order }) });
    const user = openAsMember({ onClose });
    await toPayment(user);
    await user.click(screen.getByTestId('checkout-confirm'));

    expect((await screen.findByTestId('checkout-reference')).textContent).toBe('SPSK0000000042');
    expect(screen.getByTestId('checkout-net').textContent).toContain('฿11,566.36');
    expect(screen.getByTestId('checkout-total').textContent).toContain('฿12,900.00');
    expect(screen.getByTestId('checkout-discount').textContent).toContain('-฿1,000.00');
    expect(screen.getByTestId('checkout-vat').textContent).toContain('฿778.50');
    expect(screen.getByTestId('checkout-withholding').textContent).toContain('-฿333.64');
    expect(screen.getAllByTestId(/^installment-row-/)).toHaveLength(2);
    expect(screen.getByTestId('checkout-how-to-pay').textContent).toBe(
      'โอนเงินงวดแรก ฿5,783.18 เข้าบัญชีของร้าน และระบุเลขอ้างอิง SPSK0000000042',
    );
    expect(screen.getByTestId('bank-accounts-slot')).toBeTruthy();
    // the real next step: the slip is attached from /orders (not "coming soon")
    expect(screen.getByTestId('checkout-slip-next').textContent).toContain('คำสั่งซื้อของฉัน');
    expect(screen.queryByText(/เร็ว ๆ นี้/)).toBeNull();
    expect(screen.getByTestId('checkout-attach-slip-link').getAttribute('href')).toBe('/orders');
    expect(screen.queryByTestId('checkout-stepper-invoice')).toBeNull();

    await user.click(screen.getByTestId('checkout-next'));
    const done = await screen.findByTestId('checkout-done');
    expect(done.textContent).toContain('ลงทะเบียนและชำระเงินเรียบร้อย');
    expect(done.textContent).toContain('24 ชั่วโมง');
    expect(within(done).getByTestId('checkout-my-orders').getAttribute('href')).toBe('/orders');
    expect(
      screen.getByTestId('checkout-stepper').querySelector('[aria-current="step"]')?.textContent,
    ).toContain('เสร็จสิ้น');
    await user.click(screen.getByTestId('checkout-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('the invoice fields the server refuses go back to the invoice form', async () => {
    mockCheckout({
      'GET /api/auth/addresses': json(200, [SAVED_COMPANY]),
      'POST /api/orders/checkout': problem(400, 'validation.failed', 'ข้อมูลไม่ถูกต้อง', {
        errors: [{ field: '/receipt/phone', code: 'validation.phone_length', message: 'phone' }],
      }),
    });
    const user = openAsMember();
    await user.click(await screen.findByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-receipt-yes'));
    await user.click(screen.getByTestId('checkout-receipt-company'));
    await user.click(await screen.findByTestId('checkout-use-saved'));
    await user.click(screen.getByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-confirm'));
    const phone = await screen.findByTestId('checkout-company-phone');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('กรุณากรอกให้ครบ 10ตัวอักษร')).toBeTruthy();
  });
});

describe('buy-now stepper for a visitor (spec 02 §2)', () => {
  it('five steps; the sign-in slot first, then pay (the order steps), join the group, done', async () => {
    const fetchMock = mockCheckout();
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    const stepper = screen.getByTestId('checkout-stepper');
    expect(
      within(stepper)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1ตรวจสอบอีเมล', '2สมัครสมาชิก', '3ชำระเงิน', '4ขอเข้ากลุ่ม', '5เสร็จสิ้น']);
    expect(stepper.querySelector('[aria-current="step"]')?.textContent).toBe('1ตรวจสอบอีเมล');
    // nothing is read for a visitor before they sign in
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /sign in/ }));
    expect(stepper.querySelector('[aria-current="step"]')?.textContent).toBe('3ชำระเงิน');
    expect(await screen.findByTestId(`checkout-package-${nl.id}`)).toBeTruthy();
    expect(screen.getByTestId('checkout-substeps')).toBeTruthy();
    await toPayment(user);
    await user.click(screen.getByTestId('checkout-confirm'));
    await screen.findByTestId('checkout-reference');
    await user.click(screen.getByTestId('checkout-next'));
    expect((await screen.findByTestId('checkout-group')).textContent).toContain('อีเมลยืนยัน');
    expect(stepper.querySelector('[aria-current="step"]')?.textContent).toBe('4ขอเข้ากลุ่ม');
    await user.click(screen.getByTestId('checkout-next'));
    expect(await screen.findByTestId('checkout-done')).toBeTruthy();
    expect(stepper.querySelector('[aria-current="step"]')?.textContent).toBe('5เสร็จสิ้น');
    expect(headersSentTo(fetchMock, '/api/orders/checkout')[0]?.Authorization).toBe('Bearer new-token');
  });
});
