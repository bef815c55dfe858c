import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeCoach, makeProduct } from '@/testing/catalog-fixtures';
import { ProductAllRoute } from './product-all';

const routes = [{ path: '/productAll/:coach?', element: <ProductAllRoute /> }];
const coach = makeCoach();
const products = Array.from({ length: 12 }, (_, i) =>
  makeProduct({
    id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
    url: `c-${i}`,
    title: `คอร์ส ${i}`,
  }),
);

describe('/productAll/{coach?}', () => {
  it('lists every enabled product, paged with ?page=', async () => {
    const fetchMock = mockApi({
      'GET /api/catalog/products': (url) =>
        json(200, {
          items: url.searchParams.get('page') === '2' ? [makeProduct({ title: 'คอร์สหน้า 2' })] : products,
          page: Number(url.searchParams.get('page')),
          pageSize: 12,
          total: 13,
        }),
    });
    const { router } = renderWithProviders(<></>, { path: '/productAll', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'คอร์สทั้งหมด' })).toBeTruthy();
    expect(await screen.findAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('หน้า 1 จาก 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ถัดไป' }));
    expect(await screen.findByText('คอร์สหน้า 2')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    const asked = fetchMock.mock.calls.map(([u]) => String(u));
    expect(asked).toContain('/api/catalog/products?page=2&pageSize=12');
  });

  it("a coach's products under the coach's name", async () => {
    const fetchMock = mockApi({
      [`GET /api/catalog/coaches/${coach.id}`]: json(200, coach),
      [`GET /api/catalog/coaches/${coach.id}/products`]: json(200, {
        items: [makeProduct({ title: 'Price Action กับโค้ชศักดิ์' })],
        page: 1,
        pageSize: 12,
        total: 1,
      }),
    });
    renderWithProviders(<></>, { path: `/productAll/${coach.id}`, routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'คอร์สของโค้ช สมศักดิ์ เทรดเก่ง' })).toBeTruthy();
    expect(await screen.findByText('Price Action กับโค้ชศักดิ์')).toBeTruthy();
    const paths = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').pathname);
    expect(paths).not.toContain('/api/catalog/products');
  });

  it('an unknown coach says so and links to all courses', async () => {
    mockApi({
      'GET /api/catalog/coaches/nobody': problem(400, 'validation.failed', 'bad id'),
      'GET /api/catalog/coaches/nobody/products': problem(400, 'validation.failed', 'bad id'),
    });
    renderWithProviders(<></>, { path: '/productAll/nobody', routes });
    expect(await screen.findByRole('heading', { name: 'ไม่พบโค้ชคนนี้' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'ดูคอร์สทั้งหมด' }).getAttribute('href')).toBe('/productAll'),
    );
  });
});
