import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { livePlayback, omeSignedUrl, withPort } from '../../src/domain/live-playback.js';

const KEY = 'ome-signing-key-0123456789';
const NOW = new Date('2026-11-26T13:00:00.000Z');
const settings = {
  origin: 'https://live.example.com',
  webrtcOrigin: 'wss://live.example.com:3333/',
  signingKey: KEY,
  mediaBase: '/api/media',
  mediaSecret: 'media-secret-0123456789',
  ttlSeconds: 300,
};

/** What OME does on a request: the policy read back, the signature over everything before it. */
function omeCheck(url: string, key: string) {
  const at = url.indexOf('&signature=');
  const unsigned = url.slice(0, at);
  const signature = url.slice(at + '&signature='.length);
  const policy = new URL(url.replace(/^wss?:/, 'https:')).searchParams.get('policy')!;
  return {
    verifies: createHmac('sha1', key).update(unsigned).digest('base64url') === signature,
    policy: JSON.parse(Buffer.from(policy, 'base64url').toString()) as Record<string, unknown>,
  };
}

describe('OME SignedPolicy URLs (issue 15)', () => {
  it('the signed text carries the port, the default one written out (OME rebuilds the URL with it)', () => {
    expect(withPort('https://live.example.com/app/s/llhls.m3u8')).toBe(
      'https://live.example.com:443/app/s/llhls.m3u8',
    );
    expect(withPort('wss://live.example.com/app/s')).toBe('wss://live.example.com:443/app/s');
    expect(withPort('ws://10.0.0.5/app/s')).toBe('ws://10.0.0.5:80/app/s');
    expect(withPort('wss://live.example.com:3333/app/s')).toBe('wss://live.example.com:3333/app/s');
    expect(withPort('https://[::1]:8443/x')).toBe('https://[::1]:8443/x');
    const url = omeSignedUrl('https://live.example.com/app/s/llhls.m3u8', KEY, NOW);
    expect(url.startsWith('https://live.example.com:443/app/s/llhls.m3u8?policy=')).toBe(true);
    expect(omeCheck(url, KEY)).toEqual({ verifies: true, policy: { url_expire: NOW.getTime() } });
    expect(omeCheck(url, 'another-key-0123456789').verifies).toBe(false);
  });

  it('a trade stream gets a WebRTC signalling URL beside LL-HLS: same path, same expiry, signed with the same key', () => {
    const p = livePlayback(settings, { id: 'trade-id', url: 'app/gold', kind: 'trade' }, NOW);
    const expires = NOW.getTime() + 300_000;
    expect(p.expiresAt.getTime()).toBe(expires);
    // asked again a minute before the URLs stop opening
    expect(p.refreshAt.getTime()).toBe(expires - 60_000);
    expect(p.url.startsWith('https://live.example.com:443/app/gold/llhls.m3u8?policy=')).toBe(true);
    expect(p.webrtcUrl!.startsWith('wss://live.example.com:3333/app/gold?policy=')).toBe(true);
    expect(omeCheck(p.webrtcUrl!, KEY)).toEqual({ verifies: true, policy: { url_expire: expires } });
    // a changed URL no longer verifies (another stream's path under the same policy)
    const forged = p.webrtcUrl!.replace('/app/gold?', '/app/other?');
    expect(omeCheck(forged, KEY).verifies).toBe(false);
    // without staff's path: app/<streamId>
    const byId = livePlayback(settings, { id: 'trade-id', url: null, kind: 'trade' }, NOW);
    expect(byId.webrtcUrl!.startsWith('wss://live.example.com:3333/app/trade-id?policy=')).toBe(true);
  });

  it('no WebRTC URL for a plain stream, without a WebRTC origin, or from the dev source', () => {
    expect(livePlayback(settings, { id: 's', url: null, kind: 'stream' }, NOW).webrtcUrl).toBeNull();
    expect(
      livePlayback({ ...settings, webrtcOrigin: '' }, { id: 't', url: null, kind: 'trade' }, NOW).webrtcUrl,
    ).toBeNull();
    const dev = livePlayback({ ...settings, origin: '' }, { id: 't', url: null, kind: 'trade' }, NOW);
    expect(dev).toMatchObject({ source: 'dev', webrtcUrl: null });
    expect(dev.url).toMatch(/^\/api\/media\/signed\/\d+\/[^/]+\/live\/t\/index\.m3u8$/);
  });
});
