/**
 * Where the browser reads a catalog image. The catalog stores what the media service returned: a
 * file name (read through the gateway) or a full URL / root path (used as is).
 * Product images use the spec's /api/product/{img} (spec 01 §7); the others
 * /api/media/images/{kind}/{filename}.
 */
export type ImageKind = 'product' | 'course' | 'slide' | 'coach' | 'bank' | 'qr';

export function mediaUrl(kind: ImageKind, ref: string | null | undefined): string | null {
  if (!ref) return null;
  if (/^(https?:)?\/\//.test(ref) || ref.startsWith('/') || ref.startsWith('data:')) return ref;
  if (kind === 'product') return `/api/product/${encodeURIComponent(ref)}`;
  return `/api/media/images/${kind}/${encodeURIComponent(ref)}`;
}

/** Spec 02 §2: a product's pictures, the slide first (img_slide, img, img_coures), each once. */
export function productImages(p: {
  imgSlide: string | null;
  img: string | null;
  imgCourse: string | null;
}): string[] {
  const urls = [mediaUrl('slide', p.imgSlide), mediaUrl('product', p.img), mediaUrl('course', p.imgCourse)];
  return urls.filter((u, i): u is string => u !== null && urls.indexOf(u) === i);
}

/** The picture of a product card: its own image, else the course's, else the slide. */
export function cardImage(p: { imgSlide: string | null; img: string | null; imgCourse: string | null }) {
  return mediaUrl('product', p.img) ?? mediaUrl('course', p.imgCourse) ?? mediaUrl('slide', p.imgSlide);
}
