import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@/stores/auth-store';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { makeBankAccount, makeDetails, makeLookup, makePrice, makeProduct } from '@/testing/catalog-fixtures';
import { ShopProductRoute } from './shop-product';

const forex = makeProduct();
const base = `/api/catalog/products/${forex.id}`;
const nl = makePrice({ id: '00000000-0000-4000-8000-0000000000a1', title: 'ราคาปกติ' });
const newUser = makeUser({ id: 'u-new', email: 'new@example.com', status: 'New' });

const order = {
  id: '00000000-0000-7000-8000-000000000007',
  orderNo: 7,
  reference: 'SPSK0000000007',
  userId: 'u-new',
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
  productTitle: forex.title,
  receiptInfo: null,
  invite: 'partner-7',
  details: [],
  installments: [],
  createdAt: '2026-03-05T03:00:00.000Z',
};

/** The product page's reads, the member's price lookup (with a token only) and checkout's calls. */
function mockShop(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/catalog/products/by-url/forex-pro': json(200, forex),
    [`GET ${base}/details`]: json(200, makeDetails(forex.id)),
    [`GET ${base}/coaches`]: json(200, { items: [] }),
    [`GET ${base}/bank-accounts`]: json(200, {
      productId: forex.id,
      source: 'all',
      items: [makeBankAccount()],
    }),
    [`GET ${base}/prices`]: json(200, makeLookup([nl])),
    [`GET ${base}/installment-plans/today`]: json(200, {
      productId: forex.id,
      date: '2026-03-05',
      items: [],
    }),
    'GET /api/auth/addresses': json(200, []),
    'POST /api/orders/checkout': json(201, { order }),
    ...routes,
  });
}

function openProduct(path = '/product/forex-pro') {
  renderWithProviders(<></>, { path, routes: [{ path: 'product/:id?', element: <ShopProductRoute /> }] });
  return userEvent.setup();
}

const currentStep = () =>
  screen.getByTestId('checkout-stepper').querySelector('[aria-current="step"]')?.textContent;

type User = ReturnType<typeof userEvent.setup>;

async function register(user: User) {
  await user.type(await screen.findByTestId('register-code'), '1234');
  await user.click(screen.getByTestId('register-submit'));
  await user.type(await screen.findByTestId('register-firstName'), 'ผู้ซื้อ');
  await user.type(screen.getByTestId('register-lastName'), 'ทดลอง');
  await user.type(screen.getByTestId('register-phone'), '0812345678');
  await user.type(screen.getByTestId('register-password'), 'secret-123');
  await user.type(screen.getByTestId('register-passwordConfirm'), 'secret-123');
  await user.click(screen.getByTestId('register-submit'));
}

const newAccount = {
  'POST /api/auth/register/check-email': json(200, { email: 'new@example.com', registered: false }),
  'POST /api/auth/register/code': json(202, { sent: true, expiresInSeconds: 600 }),
  'POST /api/auth/register': json(201, { user: newUser }),
  'POST /api/auth/login': json(200, {
    token: 'new-token',
    tokenType: 'Bearer',
    expiresIn: 21600,
    user: newUser,
  }),
};

describe('product page: buy now (spec 02 §2)', () => {
  it('a visitor: e-mail → register with the e-mailed code → pay; the referrer of ?invite= goes with the order', async () => {
    const fetchMock = mockShop(newAccount);
    const user = openProduct('/product/forex-pro?invite=partner-7');
    await user.click(await screen.findByTestId('buy-now'));

    // the checkout chunk loads on demand; a visitor gets the five-step stepper at step 1
    expect(await screen.findByTestId('checkout-stepper')).toBeTruthy();
    expect(currentStep()).toBe('1ตรวจสอบอีเมล');
    await user.type(screen.getByTestId('checkout-email'), 'new@example.com');
    await user.click(screen.getByTestId('checkout-email-next'));
    expect(await screen.findByTestId('register-code')).toBeTruthy();
    expect(currentStep()).toBe('2สมัครสมาชิก');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/register/code')).toEqual([
      { email: 'new@example.com', locale: 'th' },
    ]);

    await register(user);
    // registered, then signed in with the password just chosen: step 3, the member's packages
    expect((await screen.findByTestId<HTMLInputElement>(`checkout-package-${nl.id}`)).checked).toBe(true);
    expect(currentStep()).toBe('3ชำระเงิน');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/login')).toEqual([
      { email: 'new@example.com', password: 'secret-123' },
    ]);
    expect(useAuthStore.getState().token).toBe('new-token');

    await user.click(screen.getByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-confirm'));
    expect((await screen.findByTestId('checkout-reference')).textContent).toBe('SPSK0000000007');
    const [body] = bodiesSentTo(fetchMock, 'POST', '/api/orders/checkout');
    expect(body).toEqual({ productId: forex.id, priceId: nl.id, paymentType: 4, invite: 'partner-7' });
    // the product's bank accounts (catalog's list) for the transfer
    expect(within(screen.getByTestId('checkout-placed')).getByText('123-4-56789-0')).toBeTruthy();
  });

  it('an e-mail with an account: its password, then straight to step 3', async () => {
    const member = makeUser({ id: 'u-old', membershipCodes: ['NL'] });
    const fetchMock = mockShop({
      'POST /api/auth/register/check-email': problem(
        409,
        'auth.email_registered',
        'เมล์นี้ได้ลงทะเบียน เรียบร้อยเเล้ว',
      ),
      'POST /api/auth/login': json(200, {
        token: 'old-token',
        tokenType: 'Bearer',
        expiresIn: 21600,
        user: member,
      }),
    });
    const user = openProduct();
    await user.click(await screen.findByTestId('buy-now'));
    await user.type(await screen.findByTestId('checkout-email'), 'somchai@example.com');
    await user.click(screen.getByTestId('checkout-email-next'));
    const password = await screen.findByTestId('checkout-password');
    expect(currentStep()).toBe('1ตรวจสอบอีเมล');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/register/code')).toHaveLength(0);

    await user.click(screen.getByTestId('checkout-login'));
    expect(screen.getByText('กรุณากรอกข้อมูล')).toBeTruthy();
    await user.type(password, 'secret-123');
    await user.click(screen.getByTestId('checkout-login'));
    expect(await screen.findByTestId(`checkout-package-${nl.id}`)).toBeTruthy();
    expect(currentStep()).toBe('3ชำระเงิน');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/login')).toEqual([
      { email: 'somchai@example.com', password: 'secret-123' },
    ]);
  });

  it('a wrong code shows "รหัสยืนยันไม่ตรงกัน" and returns to the e-mail form', async () => {
    mockShop({
      ...newAccount,
      'POST /api/auth/register': problem(400, 'auth.code_mismatch', 'รหัสยืนยันไม่ตรงกัน'),
    });
    const user = openProduct();
    await user.click(await screen.findByTestId('buy-now'));
    await user.type(await screen.findByTestId('checkout-email'), 'new@example.com');
    await user.click(screen.getByTestId('checkout-email-next'));
    await register(user);
    expect((await screen.findByRole('alert')).textContent).toBe('รหัสยืนยันไม่ตรงกัน');
    expect(screen.getByTestId<HTMLInputElement>('checkout-email').value).toBe('new@example.com');
    expect(currentStep()).toBe('1ตรวจสอบอีเมล');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('bank transfer with no account set: says staff have not set one (not "the account below"), and links to /orders for the slip', async () => {
    useAuthStore.getState().setSession('member-token', makeUser({ membershipCodes: ['NL'] }));
    mockShop({
      [`GET ${base}/bank-accounts`]: json(200, { productId: forex.id, source: 'all', items: [] }),
    });
    const user = openProduct();
    await user.click(await screen.findByTestId('buy-now'));
    await user.click(await screen.findByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-confirm'));
    const placed = await screen.findByTestId('checkout-placed');
    expect((await within(placed).findByTestId('checkout-no-bank-account')).textContent).toContain(
      'เจ้าหน้าที่ยังไม่ได้ตั้งบัญชีรับโอน',
    );
    expect(within(placed).getByTestId('checkout-how-to-pay').textContent).not.toContain('ด้านล่าง');
    expect(placed.textContent).not.toContain('เร็ว ๆ นี้');
    const link = within(placed).getByTestId('checkout-attach-slip-link');
    expect(link.getAttribute('href')).toBe('/orders');
  });

  it('bank transfer with an account: its bank, name, number and image, no "not set" state', async () => {
    useAuthStore.getState().setSession('member-token', makeUser({ membershipCodes: ['NL'] }));
    mockShop({
      [`GET ${base}/bank-accounts`]: json(200, {
        productId: forex.id,
        source: 'all',
        items: [makeBankAccount({ image: '/demo/bank-book.svg', accountName: 'บริษัท เรียน จำกัด' })],
      }),
    });
    const user = openProduct();
    await user.click(await screen.findByTestId('buy-now'));
    await user.click(await screen.findByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-next'));
    await user.click(await screen.findByTestId('checkout-confirm'));
    const placed = await screen.findByTestId('checkout-placed');
    const account = await within(placed).findByTestId('bank-account');
    expect(account.textContent).toContain('123-4-56789-0');
    expect(account.textContent).toContain('บริษัท เรียน จำกัด');
    expect(account.querySelector('img.bank-card__image')?.getAttribute('src')).toBe('/demo/bank-book.svg');
    expect(within(placed).queryByTestId('checkout-no-bank-account')).toBeNull();
  });

  it("a member who already has this product's courses is warned before buying again, and may still buy", async () => {
    useAuthStore.getState().setSession('member-token', makeUser({ membershipCodes: ['NL'] }));
    const owned = (productId: string | null) => ({
      items: [
        {
          id: 'e-1',
          userId: 'u-1',
          courseId: '0190a0b0-0000-7000-8000-0000000000c1',
          orderId: '0190a0b0-0000-7000-8000-0000000000d1',
          productId,
          source: 'order',
          status: 'active',
          createdAt: '2026-03-01T02:30:00.000Z',
          selected: 'Y',
          courseStatus: 'N',
          sptk: 'N',
          special: 'N',
          code: null,
          start: '2026-03-01',
          end: null,
          course: null,
        },
      ],
    });
    mockShop({ 'GET /api/learning/enrolments/mine': json(200, owned(forex.id)) });
    const user = openProduct();
    expect((await screen.findByTestId('already-owned')).textContent).toContain('คุณมีคอร์สของสินค้านี้ครบแล้ว');
    await user.click(screen.getByTestId('buy-now'));
    expect(await screen.findByTestId('checkout-package')).toBeTruthy();
  });

  it('a member gets the order dialog; each opening starts afresh', async () => {
    useAuthStore.getState().setSession('member-token', makeUser({ membershipCodes: ['NL'] }));
    mockShop();
    const user = openProduct();
    await user.click(await screen.findByTestId('buy-now'));
    const stepper = await screen.findByTestId('checkout-stepper');
    expect(within(stepper).getAllByRole('listitem')).toHaveLength(4);
    await user.click(await screen.findByTestId('checkout-next'));
    expect(await screen.findByTestId('checkout-invoice')).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('checkout-stepper')).toBeNull());
    await user.click(screen.getByTestId('buy-now'));
    expect(await screen.findByTestId('checkout-package')).toBeTruthy();
  });
});
