import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import { makeCoach } from '@/testing/catalog-fixtures';
import { CoachStrip } from './coach-strip';

describe('home: coaches strip', () => {
  it('shows the coaches who have products, each linking to their courses', async () => {
    const fetchMock = mockApi({
      'GET /api/catalog/coaches': json(200, { items: [makeCoach()], page: 1, pageSize: 12, total: 1 }),
    });
    renderWithProviders(<CoachStrip />);
    expect(await screen.findByRole('heading', { name: 'โค้ชของเรา' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'ดูคอร์สของ โค้ชศักดิ์' });
    expect(link.getAttribute('href')).toBe(`/productAll/${makeCoach().id}`);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/catalog/coaches?page=1&pageSize=12&hasProducts=true',
    );
  });

  it('is absent when there is no coach', async () => {
    const fetchMock = mockApi({
      'GET /api/catalog/coaches': json(200, { items: [], page: 1, pageSize: 12, total: 0 }),
    });
    renderWithProviders(<CoachStrip />);
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
