/**
 * Product images: a full URL or a root path is used as is; a bare file name is read from
 * /api/product/{img} (spec 01 §7, "Product images from /api/product/{img}").
 */
export function productImageUrl(img: string | null | undefined): string | null {
  if (!img) return null;
  if (/^(https?:)?\/\//.test(img) || img.startsWith('/') || img.startsWith('data:')) return img;
  return `/api/product/${encodeURIComponent(img)}`;
}
