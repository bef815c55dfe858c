import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { json, mockApi, problem } from '@/testing/render';
import { ProductRoute } from './product';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>HOME</p> },
      { path: '/product/:id?', Component: ProductRoute },
      { path: '/product/:name/:id', Component: ProductRoute },
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

const forex = {
  id: 'p1',
  url: 'forex-pro',
  title: 'Forex Pro',
  subtitle: 'เทรดอย่างมีระบบ',
  detail: null,
  start: '2026-03-01',
  to: '2026-03-02',
  price: 2990000,
  priceUnchanged: 3500000,
  img: null,
  imgCourse: null,
  imgSlide: null,
  year: 2026,
  format: 'online',
  type: 'product',
  status: 'open',
  book: 'N',
  priceList: 'Y',
  coinPay: 'N',
};

describe('product page', () => {
  it('shows title, subtitle and price of the product whose url is the name', async () => {
    const fetchMock = mockApi({ 'GET /api/catalog/products/by-url/forex-pro': json(200, forex) });
    renderAt('/product/forex-pro/123');
    expect(await screen.findByRole('heading', { name: 'Forex Pro' })).toBeTruthy();
    expect(screen.getByText('เทรดอย่างมีระบบ')).toBeTruthy();
    expect(screen.getByText('฿29,900.00')).toBeTruthy();
    expect(screen.getByText('฿35,000.00')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/catalog/products/by-url/forex-pro');
  });

  it('uses the id when there is no name', async () => {
    mockApi({ 'GET /api/catalog/products/by-url/forex-pro': json(200, forex) });
    renderAt('/product/forex-pro');
    expect(await screen.findByRole('heading', { name: 'Forex Pro' })).toBeTruthy();
  });

  it('goes home when no product has that url', async () => {
    mockApi({
      'GET /api/catalog/products/by-url/nope': problem(404, 'catalog.product_not_found', 'ไม่พบสินค้านี้'),
    });
    const router = renderAt('/product/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('HOME')).toBeTruthy();
  });
});
