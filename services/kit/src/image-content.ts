import sharp, { type Sharp } from 'sharp';

/**
 * An uploaded image checked by its content, whatever its name or declared type say: the magic
 * bytes name the format, the decoder must agree, and the picture is written anew without metadata.
 * Shared by media (public images) and payments (private transfer slips).
 */

export const IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_CONTENT_TYPE = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const satisfies Record<ImageFormat, string>;

export const IMAGE_EXTENSION: Record<ImageFormat, string> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(buf: Uint8Array, bytes: readonly number[], at = 0): boolean {
  if (buf.length < at + bytes.length) return false;
  return bytes.every((b, i) => buf[at + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The format the bytes really are, by their signature ("magic bytes"); null for anything else
 * (HTML, SVG, PDF, text, TIFF...).
 */
export function sniffImageFormat(buf: Uint8Array): ImageFormat | null {
  if (startsWith(buf, PNG)) return 'png';
  if (startsWith(buf, JPEG)) return 'jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export interface ImageSize {
  width: number;
  height: number;
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(buf: Uint8Array): ImageSize | null {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let at = 2;
  while (at + 4 <= buf.length) {
    if (buf[at] !== 0xff) return null;
    const marker = buf[at + 1]!;
    // fill bytes, and the markers without a length (RSTn, TEM)
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    if (SOF_MARKERS.has(marker)) {
      if (at + 9 > buf.length) return null;
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end, or scan data before any frame header
    at += 2 + length;
  }
  return null;
}

/**
 * Width × height as the file's header declares them, read without decoding (png IHDR, gif logical
 * screen, jpeg SOFn): cheap enough to refuse an image by its size before any decoder allocates for
 * it. Null when the header is missing or cut short (webp and others: not read here).
 */
export function imageSize(buf: Uint8Array, format: ImageFormat): ImageSize | null {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  switch (format) {
    case 'png':
      // signature (8), IHDR length (4), "IHDR" (4), width (4), height (4)
      if (buf.length < 24 || !startsWith(buf, ascii('IHDR'), 12)) return null;
      return { width: view.getUint32(16), height: view.getUint32(20) };
    case 'gif':
      if (buf.length < 10) return null;
      return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    case 'jpeg':
      return jpegSize(buf);
    case 'webp':
      return null;
  }
}

export interface ReencodeLimits {
  /** longest side of the stored image, in pixels */
  maxDimension: number;
  /** width × height the decoder may produce before giving up */
  maxPixels: number;
}

export interface ReencodedImage {
  data: Buffer;
  format: ImageFormat;
  width: number;
  /** of one frame, for an animated image */
  height: number;
}

/** Why an image was refused; each service answers it with its own problem code. */
export class ImageContentError extends Error {
  constructor(readonly reason: 'unsupported' | 'too_many_pixels' | 'unreadable') {
    super(`image refused: ${reason}`);
    this.name = 'ImageContentError';
  }
}

function encode(img: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return img.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      // lossless: QR codes, bank logos and the figures on a slip must stay sharp
      return img.png({ compressionLevel: 9, adaptiveFiltering: true });
    case 'webp':
      return img.webp({ quality: 85 });
    case 'gif':
      return img.gif();
  }
}

/**
 * Decodes the upload and writes a new file of the same format: EXIF, XMP, ICC and comments are
 * dropped (sharp keeps no metadata unless asked), the EXIF orientation is applied to the pixels,
 * colours are converted to sRGB, and the longer side is scaled down to `maxDimension`. Animated
 * GIF and WebP keep their frames. `format` is what the magic bytes said; the decoder must agree.
 * Throws ImageContentError.
 */
export async function reencodeImage(
  input: Buffer,
  format: ImageFormat,
  limits: ReencodeLimits,
): Promise<ReencodedImage> {
  const animatable = format === 'gif' || format === 'webp';
  const open = () => sharp(input, { limitInputPixels: limits.maxPixels, animated: animatable });
  try {
    const meta = await open().metadata();
    if (meta.format !== format) throw new ImageContentError('unsupported');
    let img = open();
    // only still images carry an orientation; rotating an animation would rotate its frame strip
    if ((meta.pages ?? 1) <= 1) img = img.autoOrient();
    img = img.resize({
      width: limits.maxDimension,
      height: limits.maxDimension,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const data = await encode(img, format).toBuffer();
    const out = await sharp(data, { animated: animatable }).metadata();
    return { data, format, width: out.width, height: out.pageHeight ?? out.height };
  } catch (err) {
    if (err instanceof ImageContentError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) throw new ImageContentError('too_many_pixels');
    throw new ImageContentError('unreadable');
  }
}
