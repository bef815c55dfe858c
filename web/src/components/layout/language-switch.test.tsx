import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { AuthControls } from '@/features/auth/components/auth-controls';
import { CookieBanner } from '@/features/consent/components/cookie-banner';
import { LanguageSwitch } from './language-switch';

describe('language switch', () => {
  it('is Thai by default and switches every text to English, html lang and storage too', async () => {
    renderWithProviders(
      <>
        <LanguageSwitch />
        <AuthControls />
        <CookieBanner />
      </>,
    );
    expect(document.documentElement.lang).toBe('th');
    expect(screen.getByTestId('open-login').textContent).toBe('เข้าสู่ระบบ');
    expect(screen.getByTestId('cookie-agree').textContent).toBe('ยอมรับ');

    await userEvent.click(screen.getByTestId('lang-switch'));
    expect(screen.getByTestId('open-login').textContent).toBe('Log in');
    expect(screen.getByTestId('open-register').textContent).toBe('Register');
    expect(screen.getByTestId('cookie-agree').textContent).toBe('Agree');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('"en"');

    await userEvent.click(screen.getByTestId('lang-switch'));
    expect(screen.getByTestId('open-login').textContent).toBe('เข้าสู่ระบบ');
    expect(document.documentElement.lang).toBe('th');
  });

  it('tells auth the new language when a member is signed in (their e-mails follow it), and nothing when anonymous', async () => {
    const fetchMock = mockApi({
      'PUT /api/auth/me/locale': (_url, init) => json(200, JSON.parse(String(init?.body))),
    });
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(screen.getByTestId('lang-switch'));
    expect(document.documentElement.lang).toBe('en');
    expect(bodiesSentTo(fetchMock, 'PUT', '/api/auth/me/locale')).toEqual([]);

    useAuthStore.getState().setSession('member-token', makeUser());
    await userEvent.click(screen.getByTestId('lang-switch'));
    expect(document.documentElement.lang).toBe('th');
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PUT', '/api/auth/me/locale')).toEqual([{ locale: 'th' }]),
    );
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/auth/me/locale'))!;
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer member-token' });
  });
});
