import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';

describe('CSP for the lesson players (member /member/video)', () => {
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));

  it('lets hls.js feed the <video> through MSE (blob:) and frames only the allowed players', () => {
    const csp = readConfig({}).CONTENT_SECURITY_POLICY;
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob: https:");
    expect(directive(csp, 'frame-src')?.split(' ').slice(1).sort()).toEqual([
      'https://player.vimeo.com',
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      'https://youtube-nocookie.com',
      'https://youtube.com',
    ]);
    // no blob: workers (hls.js runs with enableWorker: false) and no third-party scripts
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
  });

  it('adds CSP_MEDIA_ORIGINS to connect-src, so hls.js may fetch playlists from those hosts, and nothing else changes', () => {
    const csp = readConfig({
      CSP_MEDIA_ORIGINS: 'https://cdn.example.com https://vod.example.net',
    }).CONTENT_SECURITY_POLICY;
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://cdn.example.com https://vod.example.net",
    );
    expect(csp.replace(' https://cdn.example.com https://vod.example.net', '')).toBe(
      readConfig({}).CONTENT_SECURITY_POLICY,
    );
  });

  it('works beside CSP_FORM_ACTION_ORIGINS', () => {
    const csp = readConfig({
      CSP_MEDIA_ORIGINS: 'https://cdn.example.com',
      CSP_FORM_ACTION_ORIGINS: 'https://t.2c2p.com',
    }).CONTENT_SECURITY_POLICY;
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://cdn.example.com");
    expect(directive(csp, 'form-action')).toBe("form-action 'self' https://t.2c2p.com");
  });

  it('refuses a value that would smuggle in another directive', () => {
    expect(() => readConfig({ CSP_MEDIA_ORIGINS: "https://x.test; script-src 'unsafe-inline'" })).toThrow();
  });
});
