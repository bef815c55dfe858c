import type { FastifyRequest } from 'fastify';
import { ProblemError } from '@rian/kit/errors';
import { documentFamily, SNIFF_BYTES } from '../../domain/document-format.js';

/**
 * The one document in multipart field `field`, read as it streams: its first bytes must be a kind we
 * accept (an EXE or a web page is refused before the rest is read) and it stops at `maxBytes`
 * (the multipart limit), so neither a wrong file nor a huge one is ever held whole in memory.
 */
export async function readUploadedDocument(
  req: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<{ data: Buffer; name: string | undefined }> {
  if (!req.isMultipart()) throw new ProblemError('media.document_required');
  let found: { data: Buffer; name: string | undefined } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || found) {
        if (found) throw new ProblemError('media.one_file');
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let checked = false;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (part.file.truncated) throw new ProblemError('media.file_too_large', { extra: { maxBytes } });
        if (!checked && size >= SNIFF_BYTES) {
          checked = true;
          if (!documentFamily(Buffer.concat(chunks)))
            throw new ProblemError('media.document_unsupported_type');
        }
      }
      if (part.file.truncated) throw new ProblemError('media.file_too_large', { extra: { maxBytes } });
      found = { data: Buffer.concat(chunks, size), name: part.filename };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ProblemError('media.file_too_large', { extra: { maxBytes } });
    if (code === 'FST_FILES_LIMIT') throw new ProblemError('media.one_file');
    throw err;
  }
  if (!found?.data.length) throw new ProblemError('media.document_required');
  return found;
}
