import type { ImageKind } from '@rian/proto-contracts/media';

/**
 * Where the browser reads a public image media stored: a record keeps what the upload answered —
 * its URL (a root path or https, used as is) or its bare stored name (read through the gateway at
 * /api/media/images/{kind}/{name}). Null for none.
 */
export function mediaImageSrc(kind: ImageKind, ref: string | null | undefined): string | null {
  if (!ref) return null;
  if (/^https:\/\//.test(ref) || ref.startsWith('/')) return ref;
  return `/api/media/images/${kind}/${encodeURIComponent(ref)}`;
}
