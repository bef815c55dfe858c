import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { json, mockApi, problem } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import {
  makeBankAccount,
  makeCoach,
  makeDetails,
  makeLookup,
  makePrice,
  makeProduct,
} from '@/testing/catalog-fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { ProductRoute, type BuyChoice } from './product';

const forex = makeProduct();
const base = `/api/catalog/products/${forex.id}`;

/** The app layer's buy button goes into this slot; here it only says what it was given. */
const buyNow = ({ product, price }: BuyChoice) => (
  <output data-testid="buy-choice">
    {product.title} · {price ? `${price.title} ${price.value}` : 'none'}
  </output>
);

function renderAt(path: string, onLogin = () => {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>HOME</p> },
      { path: '/product/:id?', element: <ProductRoute onLogin={onLogin} buyNow={buyNow} /> },
      { path: '/product/:name/:id', element: <ProductRoute onLogin={onLogin} buyNow={buyNow} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The shop's reads of one product; `prices` answers the member's price lookup. */
function mockProduct(prices = makeLookup([])) {
  return mockApi({
    'GET /api/catalog/products/by-url/forex-pro': json(200, forex),
    [`GET ${base}/details`]: json(200, makeDetails(forex.id)),
    [`GET ${base}/coaches`]: json(200, { items: [makeCoach()] }),
    [`GET ${base}/bank-accounts`]: json(200, {
      productId: forex.id,
      source: 'all',
      items: [makeBankAccount()],
    }),
    [`GET ${base}/prices`]: json(200, prices),
  });
}

const calledPaths = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname);

function signIn(codes: string[]) {
  useAuthStore
    .getState()
    .setSession('member-token', makeUser({ status: 'Premium', membershipCodes: codes as never }));
}

describe('product page: which product (spec 02 §2)', () => {
  it('selects the product whose url equals the name, not the id', async () => {
    const fetchMock = mockApi({
      'GET /api/catalog/products/by-url/forex-pro': json(200, forex),
      'GET /api/catalog/products/by-url/123': problem(404, 'catalog.product_not_found', 'ไม่พบสินค้านี้'),
    });
    renderAt('/product/forex-pro/123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forex Pro' })).toBeTruthy();
    expect(calledPaths(fetchMock)).toContain('/api/catalog/products/by-url/forex-pro');
    expect(calledPaths(fetchMock)).not.toContain('/api/catalog/products/by-url/123');
  });

  it('uses the id when there is no name', async () => {
    mockProduct();
    renderAt('/product/forex-pro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forex Pro' })).toBeTruthy();
  });

  it('goes home when no product has that url', async () => {
    mockApi({
      'GET /api/catalog/products/by-url/nope': problem(404, 'catalog.product_not_found', 'ไม่พบสินค้านี้'),
    });
    const router = renderAt('/product/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('HOME')).toBeTruthy();
  });

  it('goes home when the name matches nothing, even with a known id', async () => {
    mockApi({
      'GET /api/catalog/products/by-url/gone': problem(404, 'catalog.product_not_found', 'ไม่พบสินค้านี้'),
      'GET /api/catalog/products/by-url/forex-pro': json(200, forex),
    });
    const router = renderAt('/product/gone/forex-pro');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('product page: what it shows', () => {
  it('title, price in THB with the unchanged price struck through, tabs, coaches, bank accounts', async () => {
    const fetchMock = mockProduct();
    renderAt('/product/forex-pro');
    await screen.findByRole('heading', { level: 1, name: 'Forex Pro' });
    const price = screen.getByTestId('product-price');
    expect(within(price).getByText('฿29,900.00')).toBeTruthy();
    expect(within(price).getByText('฿35,000.00').tagName).toBe('S');

    // the tabs come from one call, each tab with its lists
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['เนื้อหาคอร์ส', 'สิ่งที่จะได้รับ']);
    expect(calledPaths(fetchMock).filter((p) => p.endsWith('/details'))).toHaveLength(1);
    expect(screen.getByRole('tabpanel').textContent).toContain('บทที่ 1 โครงสร้างตลาด');
    await userEvent.click(tabs[1]!);
    expect(screen.getByRole('tabpanel').textContent).toContain('เอกสารประกอบการเรียน');
    expect(screen.getByRole('tabpanel').textContent).not.toContain('บทที่ 1');

    const coach = await screen.findByTestId('coach-card');
    expect(within(coach).getByText('สมศักดิ์ เทรดเก่ง')).toBeTruthy();
    expect(within(coach).getByRole('link').getAttribute('href')).toBe(`/productAll/${makeCoach().id}`);
    expect(coach.querySelector('img')?.getAttribute('src')).toBe('/api/media/images/coach/coach-1.webp');

    const bank = await screen.findByTestId('bank-account');
    expect(within(bank).getByText('123-4-56789-0')).toBeTruthy();
    expect(within(bank).getByText('ธนาคารกสิกรไทย')).toBeTruthy();
  });

  it("the courses' session titles from learning's public curriculum, with their kind and day; an empty course is left out", async () => {
    const fetchMock = mockProduct();
    const routes = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== `/api/learning/products/${forex.id}/curriculum`) return routes(input, init);
      const body = {
        productId: forex.id,
        courses: [
          {
            courseId: '01900000-0000-7000-8000-00000000c001',
            title: 'Forex พื้นฐาน',
            items: [
              { title: 'บทที่ 1: คู่เงินหลัก', type: 'video', date: '2026-11-24' },
              { title: 'ถาม-ตอบสดทาง Zoom', type: 'meeting', date: '2026-11-27' },
            ],
          },
          { courseId: '01900000-0000-7000-8000-00000000c002', title: 'ว่าง', items: [] },
        ],
      };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderAt('/product/forex-pro');
    const section = await screen.findByTestId('product-curriculum');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('รอบเรียนและบทเรียน');
    const items = within(section).getAllByTestId('product-curriculum-item');
    expect(items.map((i) => i.textContent)).toEqual([
      'บทที่ 1: คู่เงินหลักบทเรียนวิดีโอ · 24 พ.ย. 2026',
      'ถาม-ตอบสดทาง Zoomประชุม Zoom · 27 พ.ย. 2026',
    ]);
    // one course with sessions: no course heading; the empty one is not shown at all
    expect(within(section).queryByRole('heading', { level: 3 })).toBeNull();
    expect(section.textContent).not.toContain('ว่าง');
  });

  it('no curriculum (learning has no sessions for the product, or does not answer): no section', async () => {
    const fetchMock = mockProduct();
    renderAt('/product/forex-pro');
    // learning was asked (and answered 404), and the rest of the page is there
    await waitFor(() =>
      expect(calledPaths(fetchMock)).toContain(`/api/learning/products/${forex.id}/curriculum`),
    );
    await screen.findByTestId('bank-account');
    expect(screen.queryByTestId('product-curriculum')).toBeNull();
  });

  it('shows the slide first and lets the visitor switch pictures', async () => {
    mockApi({
      'GET /api/catalog/products/by-url/forex-pro': json(200, {
        ...forex,
        img: 'card.webp',
        imgSlide: 'slide.webp',
      }),
    });
    renderAt('/product/forex-pro');
    const image = await screen.findByTestId('product-image');
    expect(image.getAttribute('src')).toBe('/api/media/images/slide/slide.webp');
    await userEvent.click(screen.getByRole('button', { name: 'แสดงรูปที่ 2' }));
    expect(screen.getByTestId('product-image').getAttribute('src')).toBe('/api/product/card.webp');
  });
});

describe('product page: member prices (spec 02 §4)', () => {
  it('anonymous: a prompt to log in, and no price lookup', async () => {
    const onLogin = vi.fn();
    const fetchMock = mockProduct(makeLookup([makePrice()]));
    renderAt('/product/forex-pro', onLogin);
    await screen.findByRole('heading', { level: 1, name: 'Forex Pro' });
    const prompt = screen.getByTestId('member-prices-login-prompt');
    expect(prompt.textContent).toContain('เข้าสู่ระบบเพื่อดูราคาสำหรับสมาชิก');
    await userEvent.click(screen.getByTestId('member-prices-login'));
    expect(onLogin).toHaveBeenCalledOnce();
    expect(screen.queryAllByTestId('member-price')).toHaveLength(0);
    expect(calledPaths(fetchMock)).not.toContain(`${base}/prices`);
  });

  it('member with matching codes: the allowed packages in order, labelled, dated day-month-year, the preselected chosen', async () => {
    signIn(['NL', 'CG1']);
    const seb = makePrice({
      id: '00000000-0000-4000-8000-0000000000a1',
      type: 'SEB',
      member: 'NL',
      value: 1990000,
      title: 'Super Early Bird ทั่วไป',
      start: '2026-03-01',
      to: '2026-03-15',
    });
    const eb = makePrice({
      id: '00000000-0000-4000-8000-0000000000a2',
      type: 'EB',
      member: 'CG1',
      value: 1500050,
      title: 'Early Bird สมาชิก CG1',
      start: '2026-03-01',
      fee: 'Y',
    });
    const nl = makePrice({
      id: '00000000-0000-4000-8000-0000000000a3',
      type: 'NL',
      member: 'NL',
      value: 2990000,
      title: 'ราคาปกติทั่วไป',
      to: '2026-04-30',
    });
    // the server preselects CG1 (spec 02 §4: CG5…CG1 before NL), though SEB is listed first
    const fetchMock = mockProduct(makeLookup([seb, eb, nl], eb.id));
    renderAt('/product/forex-pro');

    const options = await screen.findAllByTestId('member-price');
    expect(options.map((o) => o.getAttribute('data-price-id'))).toEqual([seb.id, eb.id, nl.id]);
    expect(options.map((o) => o.querySelector('.price-type')?.textContent)).toEqual([
      'Super Early Bird',
      'Early Bird',
      'ราคาปกติ',
    ]);
    expect(within(options[0]!).getByText('฿19,900.00')).toBeTruthy();
    expect(within(options[1]!).getByText('฿15,000.50')).toBeTruthy();
    expect(within(options[0]!).getByTestId('price-dates').textContent).toBe('01-03-2026 ถึง 15-03-2026');
    expect(within(options[1]!).getByTestId('price-dates').textContent).toBe('ตั้งแต่ 01-03-2026');
    expect(within(options[2]!).getByTestId('price-dates').textContent).toBe('ถึง 30-04-2026');

    // preselected: highlighted and checked
    expect(options[1]!.getAttribute('data-preselected')).toBe('true');
    expect(within(options[1]!).getByText('แนะนำสำหรับคุณ')).toBeTruthy();
    expect(within(options[1]!).getByRole<HTMLInputElement>('radio').checked).toBe(true);
    expect(within(options[0]!).getByRole<HTMLInputElement>('radio').checked).toBe(false);

    // fee flag Y: the card-fee label struck through; N: plain
    const waived = within(options[1]!).getByTestId('fee-waived');
    expect(waived.querySelector('s')?.textContent).toBe('ค่าธรรมเนียมบัตรเครดิต 3%');
    expect(within(options[0]!).queryByTestId('fee-waived')).toBeNull();

    // asked with the member's token
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/prices'))!;
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer member-token');

    // another choice; the buy slot is given it
    await userEvent.click(within(options[2]!).getByRole('radio'));
    expect(within(options[2]!).getByRole<HTMLInputElement>('radio').checked).toBe(true);
    expect(screen.getByTestId('buy-choice').textContent).toBe('Forex Pro · ราคาปกติทั่วไป 2990000');
  });

  it('the buy slot starts from the preselected price', async () => {
    signIn(['CG1']);
    const eb = makePrice({
      id: '00000000-0000-4000-8000-0000000000a2',
      type: 'EB',
      member: 'CG1',
      value: 1500000,
      title: 'EB CG1',
    });
    mockProduct(makeLookup([eb], eb.id));
    renderAt('/product/forex-pro');
    await screen.findAllByTestId('member-price');
    expect(screen.getByTestId('buy-choice').textContent).toBe('Forex Pro · EB CG1 1500000');
  });

  it('member whose codes match no price: says so, no packages', async () => {
    signIn(['SPTR']);
    const fetchMock = mockProduct(makeLookup([]));
    renderAt('/product/forex-pro');
    expect((await screen.findByTestId('member-prices-none')).textContent).toContain(
      'ยังไม่มีแพ็กเกจราคาสำหรับประเภทสมาชิกของคุณ',
    );
    expect(screen.queryAllByTestId('member-price')).toHaveLength(0);
    expect(screen.queryByTestId('member-prices-login-prompt')).toBeNull();
    expect(calledPaths(fetchMock)).toContain(`${base}/prices`);
  });
});
