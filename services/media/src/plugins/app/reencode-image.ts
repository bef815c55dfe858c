import { ProblemError } from '@rian/kit/errors';
import {
  ImageContentError,
  reencodeImage as reencode,
  type ImageFormat,
  type ReencodedImage,
  type ReencodeLimits,
} from '@rian/kit/image-content';

export type { ReencodeLimits, ReencodedImage };

/** The kit's content check and re-encoding (see @rian/kit/image-content), answered with media's problems. */
export async function reencodeImage(
  input: Buffer,
  format: ImageFormat,
  limits: ReencodeLimits,
): Promise<ReencodedImage> {
  try {
    return await reencode(input, format, limits);
  } catch (err) {
    if (!(err instanceof ImageContentError)) throw err;
    if (err.reason === 'too_many_pixels') throw new ProblemError('media.image_too_many_pixels');
    if (err.reason === 'unsupported') throw new ProblemError('media.unsupported_type');
    throw new ProblemError('media.image_unreadable');
  }
}
