import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import { signMediaUrl } from '@rian/kit/signed-url';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { FileStored } from '@rian/proto-contracts/media';
import type { DocumentStored } from '@rian/proto-contracts/media-assets';
import { MediaFile, type MediaFileEntity } from '../../entities/media-file.js';
import { DOCUMENT_CONTENT_TYPE, DOCUMENT_EXTENSION, documentFormat } from '../../domain/document-format.js';
import type { FileRef, FileStore, StoredFile } from '../../storage/file-store.js';
import { cleanOriginalName } from '../../domain/original-name.js';
import type { Config } from '../../config.js';

export const DOCUMENT_KIND = 'document';

export const documentRef = (fileId: string, filename: string): FileRef => ({
  visibility: 'private',
  kind: DOCUMENT_KIND,
  folder: fileId,
  filename,
});

export interface ServedDocument {
  file: StoredFile;
  contentType: string;
  originalName: string;
}

/**
 * Private documents: checked by content, stored under `private/document/<fileId>/<fileId>.<ext>`,
 * recorded with the uploader's file name and announced (`media.file.stored`, visibility private,
 * kind document). Read only through a signed URL of scope `document/<fileId>`.
 */
export class DocumentLibrary {
  constructor(
    private readonly kit: Kit,
    private readonly files: FileStore,
    private readonly config: Config,
  ) {}

  async store(
    upload: Buffer,
    name: string | undefined,
    createdBy: string | null,
    now = new Date(),
  ): Promise<DocumentStored> {
    const format = documentFormat(upload);
    if (!format) throw new ProblemError('media.document_unsupported_type');
    const id = uuidv7();
    const filename = `${id}.${DOCUMENT_EXTENSION[format]}`;
    const contentType = DOCUMENT_CONTENT_TYPE[format];
    const originalName = cleanOriginalName(name, `document.${DOCUMENT_EXTENSION[format]}`);
    const sha256 = createHash('sha256').update(upload).digest('hex');
    // bytes first: a crash before the record leaves an unlisted file no URL can name
    await this.files.put(documentRef(id, filename), upload, contentType);
    await this.kit.orm.em.fork().transactional(async (em) => {
      const row = em.create(MediaFile, {
        id,
        visibility: 'private',
        kind: DOCUMENT_KIND,
        filename,
        contentType,
        bytes: upload.length,
        width: null,
        height: null,
        sha256,
        originalName,
        createdBy,
        createdAt: now,
      });
      this.kit.outbox.add(em, FileStored, {
        fileId: row.id,
        kind: row.kind,
        visibility: row.visibility,
        filename: row.filename,
        contentType: row.contentType,
        bytes: row.bytes,
        width: null,
        height: null,
        sha256,
        createdBy,
        storedAt: now.toISOString(),
        originalName,
      });
    });
    this.kit.logger.info({ fileId: id, format, bytes: upload.length }, 'document stored');
    const signed = signMediaUrl({
      base: this.config.MEDIA_PUBLIC_URL,
      secret: this.config.MEDIA_URL_SECRET,
      scope: `${DOCUMENT_KIND}/${id}`,
      file: filename,
      ttlSeconds: this.config.MEDIA_SIGNED_URL_TTL_S,
      now,
    });
    return {
      fileId: id,
      filename,
      originalName,
      contentType,
      bytes: upload.length,
      url: signed.url,
      expiresAt: signed.expiresAt.toISOString(),
    };
  }

  /** The document named by a (verified) signed URL; 404 for anything else. */
  async open(fileId: string, filename: string): Promise<ServedDocument> {
    const row: MediaFileEntity | null = /^[0-9a-f-]{36}$/i.test(fileId)
      ? await this.kit.orm.em
          .fork()
          .findOne(MediaFile, { id: fileId, visibility: 'private', kind: DOCUMENT_KIND })
      : null;
    if (!row || row.filename !== filename) throw new ProblemError('media.not_found');
    const file = await this.files.get(documentRef(fileId, filename));
    if (!file) throw new ProblemError('media.not_found');
    return { file, contentType: row.contentType, originalName: row.originalName ?? filename };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentLibrary;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('documents', new DocumentLibrary(app.kit, app.fileStore, config));
  },
  { name: 'documents', dependencies: ['file-store'] },
);
