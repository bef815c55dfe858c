import type { FastifyRequest } from 'fastify';
import { ProblemError } from '@rian/kit/errors';

/**
 * The one file sent in multipart field `field`, in memory (it is capped by the multipart limits
 * registered with the route). Files in other fields are read past and ignored.
 */
export async function readUploadedFile(
  req: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<Buffer> {
  if (!req.isMultipart()) throw new ProblemError('media.file_required');
  let found: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      found = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ProblemError('media.file_too_large', { extra: { maxBytes } });
    }
    if (code === 'FST_FILES_LIMIT') throw new ProblemError('media.one_file');
    throw err;
  }
  if (!found?.length) throw new ProblemError('media.file_required');
  return found;
}
