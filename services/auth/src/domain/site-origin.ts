/**
 * Is a cookie-carrying POST (refresh, logout) one our own site made? A browser always sends
 * `Origin` on a POST (fetch and forms alike), so the answer rests on it: the request's own origin
 * (as the gateway saw it) or one of the configured site origins. Only when no `Origin` is sent do
 * `Sec-Fetch-Site` and `Referer` decide; a request with none of the three was not made by a browser
 * (a server, a script, a test), which cannot be tricked into sending someone else's cookie.
 */
export interface OriginHeaders {
  origin?: string | undefined;
  referer?: string | undefined;
  secFetchSite?: string | undefined;
}

/** `scheme://host[:port]` of a URL, lower-case; undefined when it is not an http(s) URL. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The site origins from the configuration: `SITE_URL` and the space- or comma-separated extras. */
export function siteOrigins(siteUrl: string, extra: string): Set<string> {
  const all = [siteUrl, ...extra.split(/[\s,]+/)].map((u) => (u ? originOf(u) : undefined));
  return new Set(all.filter((o): o is string => Boolean(o)));
}

export function fromOurSite(h: OriginHeaders, ownOrigin: string, allowed: ReadonlySet<string>): boolean {
  const ours = (url: string) => {
    const o = originOf(url);
    return o !== undefined && (o === ownOrigin || allowed.has(o));
  };
  // "null" (a sandboxed frame, a redirect across sites) is an origin we cannot trust
  if (h.origin !== undefined) return ours(h.origin);
  if (h.secFetchSite !== undefined) return h.secFetchSite === 'same-origin' || h.secFetchSite === 'none';
  if (h.referer !== undefined) return ours(h.referer);
  return true;
}
