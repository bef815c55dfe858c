import { describe, expect, it } from 'vitest';
import { PRODUCTION_BASE_ENV } from '@rian/kit/testing-config';
import { readConfig } from '../src/config.js';

/** Production settings notifications must have (SMTP, a real sender) plus the members' LINE address. */
const prod = {
  ...PRODUCTION_BASE_ENV,
  SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
  MAIL_FROM: 'Rian <no-reply@rian.example>',
};

describe('notifications config: members’ LINE (issue 20)', () => {
  it('off by default; LINE’s own address', () => {
    const c = readConfig({});
    expect(c.LINE_MEMBER_CHANNEL_TOKEN).toBe('');
    expect(c.LINE_MEMBER_API_URL).toBe('https://api.line.me');
  });

  it('a local stand-in over http in development', () => {
    expect(readConfig({ LINE_MEMBER_API_URL: 'http://127.0.0.1:9999' }).LINE_MEMBER_API_URL).toBe(
      'http://127.0.0.1:9999',
    );
  });

  it('production refuses a LINE address that is not https; the default is fine', () => {
    expect(readConfig(prod).LINE_MEMBER_API_URL).toBe('https://api.line.me');
    expect(() =>
      readConfig({ ...prod, LINE_MEMBER_CHANNEL_TOKEN: 't', LINE_MEMBER_API_URL: 'http://line.example' }),
    ).toThrow(/LINE_MEMBER_API_URL: an https:\/\/ address in production/);
  });

  it('refuses something that is not an address', () => {
    expect(() => readConfig({ LINE_MEMBER_API_URL: 'api.line.me' })).toThrow(/LINE_MEMBER_API_URL/);
  });
});
