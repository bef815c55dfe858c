import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';

describe('CSP form-action: the card provider the payment page posts to', () => {
  it("only the gateway's own origin by default", () => {
    expect(readConfig({}).CONTENT_SECURITY_POLICY).toContain("form-action 'self';");
  });

  it('adds the configured origins to form-action and nothing else changes', () => {
    const csp = readConfig({
      CSP_FORM_ACTION_ORIGINS: 'https://t.2c2p.com http://127.0.0.1:3109',
    }).CONTENT_SECURITY_POLICY;
    expect(csp).toContain("form-action 'self' https://t.2c2p.com http://127.0.0.1:3109;");
    expect(csp.replace(' https://t.2c2p.com http://127.0.0.1:3109', '')).toBe(
      readConfig({}).CONTENT_SECURITY_POLICY,
    );
  });

  it('refuses a value that would smuggle in another directive', () => {
    expect(() =>
      readConfig({ CSP_FORM_ACTION_ORIGINS: "https://x.test; script-src 'unsafe-inline'" }),
    ).toThrow();
  });
});
