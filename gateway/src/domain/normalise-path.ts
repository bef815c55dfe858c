const UNRESERVED_ESCAPE = /%(2[dDeE]|3[0-9]|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/g;

/**
 * The one spelling of a request path, before routing (RFC 3986 §6.2.2): escapes of unreserved
 * characters decoded (`%2e` → `.`, `%6c` → `l`), runs of slashes made one, `.` and `..` segments
 * resolved, a trailing slash dropped; the query is left as it came. `/api/auth/./login`,
 * `//api/auth//login/` and `/api/auth/x/%2E%2E/login` all become `/api/auth/login`, so a route's
 * rate limit cannot be stepped around by spelling its path differently (a service would have
 * answered them all as that route).
 */
export function normalisePath(url: string): string {
  const q = url.search(/[?#]/);
  const rawPath = q < 0 ? url : url.slice(0, q);
  const rest = q < 0 ? '' : url.slice(q);
  const decoded = rawPath.replace(UNRESERVED_ESCAPE, (_m, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  const out: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}${rest}`;
}
