import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_KEY, useConsentStore } from '../stores/consent-store';
import { CookieBanner } from './cookie-banner';

describe('cookie banner', () => {
  beforeEach(() => useConsentStore.setState({ consent: null }));

  it('links to the privacy policy and terms in a new tab', () => {
    render(<CookieBanner />);
    const privacy = screen.getByRole('link', { name: /นโยบายความเป็นส่วนตัว/ });
    const terms = screen.getByRole('link', { name: /ข้อกำหนดและเงื่อนไข/ });
    expect(privacy.getAttribute('href')).toBe('/privacy-policy');
    expect(terms.getAttribute('href')).toBe('/terms-and-condition');
    for (const link of [privacy, terms]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('Agree stores true and the banner goes away', async () => {
    render(<CookieBanner />);
    await userEvent.click(screen.getByTestId('cookie-agree'));
    expect(localStorage.getItem(CONSENT_KEY)).toBe('true');
    expect(screen.queryByRole('region', { name: 'การใช้คุกกี้' })).toBeNull();
  });

  it('Decline stores false and the banner goes away', async () => {
    render(<CookieBanner />);
    await userEvent.click(screen.getByTestId('cookie-decline'));
    expect(localStorage.getItem(CONSENT_KEY)).toBe('false');
    expect(screen.queryByTestId('cookie-agree')).toBeNull();
  });

  it('stays hidden once a choice is stored', () => {
    useConsentStore.setState({ consent: false });
    render(<CookieBanner />);
    expect(screen.queryByTestId('cookie-agree')).toBeNull();
  });
});
