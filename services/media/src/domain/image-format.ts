import type { ImageContentType } from '@rian/proto-contracts/media';
import {
  IMAGE_CONTENT_TYPE,
  IMAGE_EXTENSION,
  IMAGE_FORMATS,
  type ImageFormat,
} from '@rian/kit/image-content';

// The formats and the content check itself are the kit's (services/kit/src/image-content.ts),
// shared with payments' slips; each format is stored in its own format again (README: why not all WebP).
export type { ImageFormat };

export const CONTENT_TYPE: Record<ImageFormat, ImageContentType> = IMAGE_CONTENT_TYPE;

export const EXTENSION: Record<ImageFormat, string> = IMAGE_EXTENSION;

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
