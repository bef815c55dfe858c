import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import { makeInstructor } from '@/testing/catalog-fixtures';
import { SpeakersRoute } from './speakers';

describe('/speakers', () => {
  it('shows the speakers in the order the server gives, with socials and the full profile', async () => {
    const fetchMock = mockApi({
      'GET /api/catalog/instructors': json(200, {
        items: [
          makeInstructor({
            id: '00000000-0000-4000-8000-0000000000d1',
            name: 'ดร.วิภา การลงทุน',
            img: 'w.webp',
          }),
          makeInstructor({
            id: '00000000-0000-4000-8000-0000000000d2',
            name: 'Anan Chart',
            facebook: null,
            content: null,
          }),
        ],
        page: 1,
        pageSize: 100,
        total: 2,
      }),
    });
    renderWithProviders(<SpeakersRoute />);
    const cards = await screen.findAllByTestId('speaker-card');
    expect(cards.map((c) => c.querySelector('h2')?.textContent)).toEqual(['ดร.วิภา การลงทุน', 'Anan Chart']);
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/api/media/images/coach/w.webp');
    const facebook = within(cards[0]!).getByRole('link', { name: /Facebook/ });
    expect(facebook.getAttribute('href')).toBe('https://facebook.com/wipa');
    expect(facebook.getAttribute('rel')).toContain('noopener');
    expect(within(cards[1]!).queryByRole('link')).toBeNull();
    expect(within(cards[1]!).queryByRole('button')).toBeNull();

    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'อ่านประวัติ' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('ประวัติโดยละเอียด');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/catalog/instructors?page=1&pageSize=100');
  });
});
