import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import type { Product } from '@/types/api';
import { ProductSearch } from './product-search';

const product = (url: string, title: string, price: number): Product => ({
  id: `id-${url}`,
  url,
  title,
  subtitle: null,
  detail: null,
  start: null,
  to: null,
  price,
  priceUnchanged: null,
  img: null,
  imgCourse: null,
  imgSlide: null,
  year: null,
  format: 'online',
  type: 'product',
  status: 'open',
  book: 'N',
  priceList: 'N',
  coinPay: 'N',
});

const catalog = [
  product('forex-basic', 'Forex พื้นฐาน', 150000),
  product('forex-pro', 'Forex Pro', 2990000),
  { ...product('hidden', 'Forex ปิดขาย', 100), disable: 'Y' as const },
];

function mockCatalog() {
  return mockApi({
    'GET /api/catalog/products': (url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = catalog.filter((p) => p.title.toLowerCase().includes(q));
      return json(200, { items, page: 1, pageSize: 20, total: items.length });
    },
  });
}

describe('product search', () => {
  it('is an accessible combobox listing matching products with prices', async () => {
    const fetchMock = mockCatalog();
    renderWithProviders(<ProductSearch />);
    const input = screen.getByRole('combobox', { name: 'ค้นหาคอร์ส' });
    expect(input.getAttribute('aria-expanded')).toBe('false');

    await userEvent.type(input, 'forex');
    const options = await screen.findAllByTestId('product-search-option');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox')).toBeTruthy();
    // the disabled product is never offered
    expect(options.map((o) => o.textContent)).toEqual(['Forex พื้นฐาน฿1,500.00', 'Forex Pro฿29,900.00']);
    expect(options[0]!.getAttribute('href')).toBe('/product/forex-basic');
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([u]) => String(u));
      expect(urls).toContain('/api/catalog/products?q=forex&page=1&pageSize=20');
    });
  });

  it('moves with the arrow keys and opens the product with Enter', async () => {
    mockCatalog();
    const { router } = renderWithProviders(<ProductSearch />);
    const user = userEvent.setup();
    const input = screen.getByRole('combobox');
    await user.type(input, 'forex');
    await screen.findAllByRole('option');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = input.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(document.getElementById(active!)?.textContent).toContain('Forex Pro');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Forex Pro');

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Forex พื้นฐาน');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/forex-basic'));
  });

  it('says so when nothing matches', async () => {
    mockCatalog();
    renderWithProviders(<ProductSearch />);
    await userEvent.type(screen.getByRole('combobox'), 'zzz');
    expect(await screen.findByText('ไม่พบคอร์สที่ค้นหา')).toBeTruthy();
  });

  it('a click on an option navigates to /product/{url}', async () => {
    mockCatalog();
    const { router } = renderWithProviders(<ProductSearch />);
    await userEvent.type(screen.getByRole('combobox'), 'pro');
    await waitFor(() => expect(screen.getAllByTestId('product-search-option')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('product-search-option'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/forex-pro'));
  });
});
