import type { ErrorCode } from '@rian/proto-contracts/errors';
import type { DecodeSlots } from './decode-slots.js';
import { ProblemError } from './errors.js';
import {
  ImageContentError,
  imageSize,
  reencodeImage,
  sniffImageFormat,
  type ImageFormat,
  type ReencodeLimits,
  type ReencodedImage,
} from './image-content.js';

/** What a transfer slip may be (spec 02 §5): png, gif or jpeg, by content. */
export const SLIP_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'gif'];

/**
 * A transfer slip's bytes, checked cheapest first: the format by content, then the pixel count the
 * header declares, and only then the decode, in one of the process's few decode slots, re-encoded
 * without metadata. `format` is the upload's own (what the stored file is named and served as).
 * `typeError` is the service's own "png, gif or jpeg" problem; the size problems are
 * media's. Payments' order slips and bookings' booking slips go through it.
 */
export async function checkedSlipImage(
  file: Buffer,
  opts: ReencodeLimits & { decodes: DecodeSlots; typeError: ErrorCode },
): Promise<{ format: ImageFormat; image: ReencodedImage }> {
  const format = sniffImageFormat(file);
  if (!format || !SLIP_FORMATS.includes(format)) throw new ProblemError(opts.typeError);
  const size = imageSize(file, format);
  if (!size || !size.width || !size.height) throw new ProblemError('media.image_unreadable');
  if (size.width * size.height > opts.maxPixels) throw new ProblemError('media.image_too_many_pixels');
  const image = await opts.decodes.run(async () => {
    try {
      return await reencodeImage(file, format, {
        maxDimension: opts.maxDimension,
        maxPixels: opts.maxPixels,
      });
    } catch (err) {
      if (!(err instanceof ImageContentError)) throw err;
      if (err.reason === 'too_many_pixels') throw new ProblemError('media.image_too_many_pixels');
      if (err.reason === 'unsupported') throw new ProblemError(opts.typeError);
      throw new ProblemError('media.image_unreadable');
    }
  });
  return { format, image };
}
