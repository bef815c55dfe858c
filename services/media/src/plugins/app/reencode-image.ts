import sharp, { type Sharp } from 'sharp';
import { ProblemError } from '@rian/kit/errors';
import type { ImageFormat } from '../../domain/image-format.js';

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

function encode(img: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return img.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      // lossless: QR codes and bank logos must stay sharp
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
    if (meta.format !== format) throw new ProblemError('media.unsupported_type');
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
    if (err instanceof ProblemError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) throw new ProblemError('media.image_too_many_pixels');
    throw new ProblemError('media.image_unreadable');
  }
}
