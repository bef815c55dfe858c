import { createHmac } from 'node:crypto';
import { signMediaUrl } from '@rian/kit/signed-url';
import { LIVE_DEV_PLAYLIST, LIVE_SCOPE_KIND } from '@rian/proto-contracts/learning-live';

/**
 * A member's live playback address (issue 15), signed and short-lived. Two sources:
 *  - origin: OvenMediaEngine's LL-HLS playlist `<origin>/<path>/llhls.m3u8` with OME's
 *    SignedPolicy — `policy` = base64url of `{"url_expire": <ms>}`, `signature` = base64url of
 *    HMAC-SHA1(key, the URL with the policy but without the signature); and, for a trade stream
 *    when a WebRTC origin is set, OME's WebRTC signalling URL `<webrtcOrigin>/<path>` signed the
 *    same way (OME checks url_expire when the socket opens; a session already playing goes on);
 *  - dev: the local HLS source media serves under the signed scope `live/<streamId>`
 *    (kit/signed-url.ts): `<mediaBase>/signed/<exp>/<sig>/live/<streamId>/index.m3u8`.
 * `refreshAt` is when the page should ask again: a minute before the end, or at half the life of
 * a short one.
 */
export interface LivePlaybackSettings {
  origin: string;
  /** OME's WebRTC signalling origin (wss://live.example.com:3333); empty = no WebRTC */
  webrtcOrigin?: string;
  signingKey: string;
  mediaBase: string;
  mediaSecret: string;
  ttlSeconds: number;
}

export interface LivePlayback {
  url: string;
  /** the signed WebRTC signalling URL: a trade stream with a WebRTC origin set; else null */
  webrtcUrl: string | null;
  source: 'origin' | 'dev';
  expiresAt: Date;
  refreshAt: Date;
}

/** The stream's path on the origin: staff's `url`, else "app/<streamId>". */
export function originPath(streamId: string, url: string | null): string {
  return (url ?? `app/${streamId}`).replace(/^\/+|\/+$/g, '');
}

const DEFAULT_PORTS: Record<string, number> = { http: 80, ws: 80, https: 443, wss: 443 };

/**
 * `scheme://host[:port]/…` with the port written out: OME rebuilds the requested URL with its port
 * before checking a signature, so the signed text must carry it even when it is the scheme's default
 * (OME SignedPolicy docs: "the URL entered into HMAC … must include :port").
 */
export function withPort(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)(.*)$/i.exec(url);
  if (!m) return url;
  const [, scheme, authority, rest] = m as unknown as [string, string, string, string];
  const port = DEFAULT_PORTS[scheme.toLowerCase()];
  // a port already given (host:1234, [v6]:1234), or a scheme without a known default
  if (/:\d+$/.test(authority) || port === undefined) return url;
  return `${scheme}://${authority}:${port}${rest}`;
}

/** OME SignedPolicy: `?policy=<base64url {url_expire}>&signature=<base64url HMAC-SHA1>`. */
export function omeSignedUrl(base: string, key: string, expiresAt: Date): string {
  const policy = Buffer.from(JSON.stringify({ url_expire: expiresAt.getTime() })).toString('base64url');
  const full = withPort(base);
  const withPolicy = `${full}${full.includes('?') ? '&' : '?'}policy=${policy}`;
  const signature = createHmac('sha1', key).update(withPolicy).digest('base64url');
  return `${withPolicy}&signature=${signature}`;
}

export function livePlayback(
  settings: LivePlaybackSettings,
  stream: { id: string; url: string | null; kind?: 'stream' | 'trade' },
  now: Date,
): LivePlayback {
  const refreshIn = Math.max(settings.ttlSeconds - 60, Math.floor(settings.ttlSeconds / 2));
  const refreshAt = new Date(now.getTime() + refreshIn * 1000);
  if (settings.origin) {
    const expiresAt = new Date(now.getTime() + settings.ttlSeconds * 1000);
    const path = originPath(stream.id, stream.url);
    const sign = (base: string) =>
      settings.signingKey ? omeSignedUrl(base, settings.signingKey, expiresAt) : base;
    const url = sign(`${settings.origin.replace(/\/+$/, '')}/${path}/llhls.m3u8`);
    const webrtcUrl =
      settings.webrtcOrigin && stream.kind === 'trade'
        ? sign(`${settings.webrtcOrigin.replace(/\/+$/, '')}/${path}`)
        : null;
    return { url, webrtcUrl, source: 'origin', expiresAt, refreshAt };
  }
  const signed = signMediaUrl({
    base: settings.mediaBase,
    secret: settings.mediaSecret,
    scope: `${LIVE_SCOPE_KIND}/${stream.id}`,
    file: LIVE_DEV_PLAYLIST,
    ttlSeconds: settings.ttlSeconds,
    now,
  });
  return { url: signed.url, webrtcUrl: null, source: 'dev', expiresAt: signed.expiresAt, refreshAt };
}
