/**
 * `attachment` with the file's own name: an ASCII stand-in for old clients and the UTF-8 name
 * (RFC 6266 / RFC 5987 `filename*`) for every current browser, so a Thai name survives.
 */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'document';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
