import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/testing/render';
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
});
