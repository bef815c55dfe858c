import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import { signMediaUrl } from '@rian/kit/signed-url';
import type { EntityManager } from '@rian/kit/db';
import { DEMO_FILE_IDS } from '@rian/proto-contracts/demo';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { FileStored } from '@rian/proto-contracts/media';
import type { DocumentStored } from '@rian/proto-contracts/media-assets';
import { MediaFile, type MediaFileEntity } from '../../entities/media-file.js';
import { DOCUMENT_CONTENT_TYPE, DOCUMENT_EXTENSION, documentFormat } from '../../domain/document-format.js';
import type { FileRef, FileStore, StoredFile } from '../../storage/file-store.js';
import { cleanOriginalName } from '../../domain/original-name.js';
import { DEMO_DOCUMENT_NAME, demoDocumentPdf } from '../../domain/demo-document.js';
import type { Config } from '../../config.js';

export const DOCUMENT_KIND = 'document';

const DEMO_SEED_LOCK = 'media.demo-document';

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
    // bytes first: a crash before the record leaves an unlisted file no URL can name
    await this.files.put(documentRef(id, filename), upload, contentType);
    await this.kit.orm.em.fork().transactional(async (em) => {
      this.record(em, { id, filename, contentType, upload, originalName, createdBy, now });
    });
    this.kit.logger.info({ fileId: id, format, bytes: upload.length }, 'document stored');
    const signed = this.sign(id, filename, now);
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

  /**
   * The demo document (MEDIA_SEED_DEMO): a generated one-page PDF stored privately under the fixed
   * id learning's demo names (DEMO_FILE_IDS.forexSheet) and announced like an upload — once: a
   * restart finds the row, and replicas starting together write one row (advisory lock; the bytes
   * they both put are the same). Returns whether this call added it.
   */
  async seedDemo(now = new Date()): Promise<boolean> {
    const id = DEMO_FILE_IDS.forexSheet;
    if (await this.known(id)) return false;
    const upload = demoDocumentPdf();
    const format = documentFormat(upload);
    if (format !== 'pdf') throw new Error('the demo document is not a PDF media accepts');
    const filename = `${id}.pdf`;
    const contentType = DOCUMENT_CONTENT_TYPE.pdf;
    await this.files.put(documentRef(id, filename), upload, contentType);
    const added = await this.kit.orm.em.fork().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [DEMO_SEED_LOCK]);
      if (await em.findOne(MediaFile, { id })) return false;
      this.record(em, {
        id,
        filename,
        contentType,
        upload,
        originalName: DEMO_DOCUMENT_NAME,
        createdBy: null,
        now,
      });
      return true;
    });
    if (added) this.kit.logger.info({ fileId: id }, 'demo document stored');
    return added;
  }

  private async known(id: string): Promise<boolean> {
    return (await this.kit.orm.em.fork().findOne(MediaFile, { id })) !== null;
  }

  /** A private document's row and its `media.file.stored`, in `em`'s transaction. */
  private record(
    em: EntityManager,
    d: {
      id: string;
      filename: string;
      contentType: string;
      upload: Buffer;
      originalName: string;
      createdBy: string | null;
      now: Date;
    },
  ): void {
    const sha256 = createHash('sha256').update(d.upload).digest('hex');
    const row = em.create(MediaFile, {
      id: d.id,
      visibility: 'private',
      kind: DOCUMENT_KIND,
      filename: d.filename,
      contentType: d.contentType,
      bytes: d.upload.length,
      width: null,
      height: null,
      sha256,
      originalName: d.originalName,
      createdBy: d.createdBy,
      createdAt: d.now,
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
      createdBy: d.createdBy,
      storedAt: d.now.toISOString(),
      originalName: d.originalName,
    });
  }

  /** A signed URL of the document (scope `document/<fileId>`). */
  sign(fileId: string, filename: string, now = new Date()): { url: string; expiresAt: Date } {
    return signMediaUrl({
      base: this.config.MEDIA_PUBLIC_URL,
      secret: this.config.MEDIA_URL_SECRET,
      scope: `${DOCUMENT_KIND}/${fileId}`,
      file: filename,
      ttlSeconds: this.config.MEDIA_SIGNED_URL_TTL_S,
      now,
    });
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
    privateDocuments: DocumentLibrary;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const documents = new DocumentLibrary(app.kit, app.fileStore, config);
    app.decorate('privateDocuments', documents);
    if (config.MEDIA_SEED_DEMO) {
      // before ready: learning's demo lists the document once this file is announced
      app.addHook('onReady', async () => {
        try {
          await documents.seedDemo();
        } catch (err) {
          app.log.error({ err }, 'demo document not seeded');
        }
      });
    }
  },
  { name: 'documents', dependencies: ['file-store'] },
);
