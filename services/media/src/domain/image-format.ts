import type { ImageContentType } from '@rian/proto-contracts/media';

/** The image formats accepted; each is stored in its own format again (see README: why not all WebP). */
export const IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const CONTENT_TYPE: Record<ImageFormat, ImageContentType> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const EXTENSION: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(buf: Uint8Array, bytes: readonly number[], at = 0): boolean {
  if (buf.length < at + bytes.length) return false;
  return bytes.every((b, i) => buf[at + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The format the bytes really are, by their signature ("magic bytes"), whatever the file name or
 * the declared type say; null for anything else (HTML, SVG, PDF, text, TIFF...).
 */
export function sniffImageFormat(buf: Uint8Array): ImageFormat | null {
  if (startsWith(buf, PNG)) return 'png';
  if (startsWith(buf, JPEG)) return 'jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Stored names: 32 hex digits of the content's SHA-256 and the format's extension. */
export const STORED_NAME = /^([0-9a-f]{32})\.(png|jpg|gif|webp)$/;

export function storedName(sha256Hex: string, format: ImageFormat): string {
  return `${sha256Hex.slice(0, 32)}.${EXTENSION[format]}`;
}

/** The content type a stored name is served with; null when the name is not one we could have made. */
export function contentTypeOfName(name: string): ImageContentType | null {
  const m = STORED_NAME.exec(name);
  if (!m) return null;
  const ext = m[2];
  const format = IMAGE_FORMATS.find((f) => EXTENSION[f] === ext);
  return format ? CONTENT_TYPE[format] : null;
}
