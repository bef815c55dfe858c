import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { mockApi } from '@/testing/render';
import { useLanguageStore } from '@/stores/language-store';

function open(path: string) {
  mockApi({});
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('information pages', () => {
  it('/condition: the refund and learner-change conditions of spec 02 §9', async () => {
    open('/condition');
    const page = await screen.findByTestId('info-condition');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(
      'เงื่อนไขการคืนเงินและการเปลี่ยนผู้เรียน',
    );
    const text = page.textContent ?? '';
    for (const rule of [
      '90% ของจำนวนเงินที่ชำระแล้ว',
      'ภายใน 14 วันนับจากวันที่สมัครเรียน',
      'ก่อนวันเริ่มเรียนอย่างน้อย 1 วัน',
      'ก่อนวันเริ่มเรียนอย่างน้อย 7 วัน',
      'นับตั้งแต่วันแรกของการสอน ไม่สามารถขอคืนเงินหรือเปลี่ยนผู้เรียนได้',
      'ก่อนวันเริ่มเรียนเท่านั้น',
    ]) {
      expect(text).toContain(rule);
    }
  });

  it('follows the language', async () => {
    useLanguageStore.getState().setLanguage('en');
    open('/condition');
    const page = await screen.findByTestId('info-condition');
    expect(page.textContent).toContain('90% of the money you paid');
    expect(page.textContent).toContain('From the first teaching day on, there is no refund');
  });

  it.each(['/terms-and-conditions', '/terms-and-condition'])('%s is the terms page', async (path) => {
    open(path);
    const page = await screen.findByTestId('info-terms');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('ข้อกำหนดและเงื่อนไขการใช้บริการ');
  });

  it.each([
    ['/aboutus', 'info-aboutus', 'เกี่ยวกับ Rian เรียน'],
    ['/inspire', 'info-inspire', 'แรงบันดาลใจในการเรียนรู้'],
    ['/privacy-policy', 'info-privacy', 'นโยบายความเป็นส่วนตัว'],
  ])('%s has its own page', async (path, testId, title) => {
    open(path);
    const page = await screen.findByTestId(testId);
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(page.querySelectorAll('section').length).toBeGreaterThan(2);
  });

  it('the drawer entries ABOUT US, SPEAKERS, COURSE, PRICING lead to real pages', async () => {
    open('/aboutus');
    await screen.findByTestId('info-aboutus');
    await userEvent.click(screen.getByTestId('open-drawer'));
    const drawer = await screen.findByRole('dialog', { name: 'เมนู' });
    const links = within(drawer).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['ABOUT US', '/aboutus'],
      ['SPEAKERS', '/speakers'],
      ['COURSE', '/productAll'],
      ['PRICING', '/pricing'],
    ]);
  });
});
