import { createHmac } from 'node:crypto';
import { signMediaUrl } from '@rian/kit/signed-url';
import { LIVE_DEV_PLAYLIST, LIVE_SCOPE_KIND } from '@rian/proto-contracts/learning-live';

/**
 * A member's live playback address (issue 15), signed and short-lived. Two sources:
 *  - origin: OvenMediaEngine's LL-HLS playlist `<origin>/<path>/llhls.m3u8` with OME's
 *    SignedPolicy — `policy` = base64url of `{"url_expire": <ms>}`, `signature` = base64url of
 *    HMAC-SHA1(key, the URL with the policy but without the signature);
 *  - dev: the local HLS source media serves under the signed scope `live/<streamId>`
 *    (kit/signed-url.ts): `<mediaBase>/signed/<exp>/<sig>/live/<streamId>/index.m3u8`.
 * `refreshAt` is when the page should ask again: a minute before the end, or at half the life of
 * a short one.
 */
export interface LivePlaybackSettings {
  origin: string;
  signingKey: string;
  mediaBase: string;
  mediaSecret: string;
  ttlSeconds: number;
}

export interface LivePlayback {
  url: string;
  source: 'origin' | 'dev';
  expiresAt: Date;
  refreshAt: Date;
}

/** The stream's path on the origin: staff's `url`, else "app/<streamId>". */
export function originPath(streamId: string, url: string | null): string {
  return (url ?? `app/${streamId}`).replace(/^\/+|\/+$/g, '');
}

export function omeSignedUrl(base: string, key: string, expiresAt: Date): string {
  const policy = Buffer.from(JSON.stringify({ url_expire: expiresAt.getTime() })).toString('base64url');
  const withPolicy = `${base}${base.includes('?') ? '&' : '?'}policy=${policy}`;
  const signature = createHmac('sha1', key).update(withPolicy).digest('base64url');
  return `${withPolicy}&signature=${signature}`;
}

export function livePlayback(
  settings: LivePlaybackSettings,
  stream: { id: string; url: string | null },
  now: Date,
): LivePlayback {
  const refreshIn = Math.max(settings.ttlSeconds - 60, Math.floor(settings.ttlSeconds / 2));
  const refreshAt = new Date(now.getTime() + refreshIn * 1000);
  if (settings.origin) {
    const expiresAt = new Date(now.getTime() + settings.ttlSeconds * 1000);
    const base = `${settings.origin.replace(/\/+$/, '')}/${originPath(stream.id, stream.url)}/llhls.m3u8`;
    const url = settings.signingKey ? omeSignedUrl(base, settings.signingKey, expiresAt) : base;
    return { url, source: 'origin', expiresAt, refreshAt };
  }
  const signed = signMediaUrl({
    base: settings.mediaBase,
    secret: settings.mediaSecret,
    scope: `${LIVE_SCOPE_KIND}/${stream.id}`,
    file: LIVE_DEV_PLAYLIST,
    ttlSeconds: settings.ttlSeconds,
    now,
  });
  return { url: signed.url, source: 'dev', expiresAt: signed.expiresAt, refreshAt };
}
