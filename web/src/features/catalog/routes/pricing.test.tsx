import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { makeLookup, makePrice, makeProduct } from '@/testing/catalog-fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { PricingRoute } from './pricing';

const listed = makeProduct({
  id: '00000000-0000-4000-8000-000000000011',
  title: 'Forex Basics',
  priceList: 'Y',
});
const unlisted = makeProduct({
  id: '00000000-0000-4000-8000-000000000012',
  title: 'Private coaching',
  priceList: 'N',
});

function mockShop() {
  return mockApi({
    'GET /api/catalog/products': json(200, { items: [listed, unlisted], page: 1, pageSize: 100, total: 2 }),
    [`GET /api/catalog/products/${listed.id}/prices`]: json(
      200,
      makeLookup([
        makePrice({
          type: 'EB',
          member: 'CG1',
          value: 990000,
          title: 'EB CG1',
          start: '2026-03-01',
          to: '2026-03-31',
        }),
      ]),
    ),
  });
}

describe('/pricing', () => {
  it('lists the products with a price list; a visitor is asked to log in for member prices', async () => {
    const onLogin = vi.fn();
    const fetchMock = mockShop();
    renderWithProviders(<PricingRoute onLogin={onLogin} />);
    const cards = await screen.findAllByTestId('pricing-card');
    expect(cards.map((c) => c.querySelector('h2')?.textContent)).toEqual(['Forex Basics']);
    expect(within(cards[0]!).getByText('฿29,900.00')).toBeTruthy();
    expect(within(cards[0]!).getByRole('link').getAttribute('href')).toBe('/product/forex-pro');
    await userEvent.click(within(screen.getByTestId('pricing-login-prompt')).getByRole('button'));
    expect(onLogin).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/prices'))).toBe(false);
  });

  it('a member sees their prices under each product', async () => {
    useAuthStore.getState().setSession('t', makeUser({ membershipCodes: ['CG1'] }));
    mockShop();
    renderWithProviders(<PricingRoute />);
    const card = (await screen.findAllByTestId('pricing-card'))[0]!;
    expect(await within(card).findByText('EB CG1')).toBeTruthy();
    expect(within(card).getByText('Early Bird')).toBeTruthy();
    expect(within(card).getByText('฿9,900.00')).toBeTruthy();
    expect(within(card).getByTestId('price-dates').textContent).toBe('01-03-2026 ถึง 31-03-2026');
    expect(screen.queryByTestId('pricing-login-prompt')).toBeNull();
  });
});
