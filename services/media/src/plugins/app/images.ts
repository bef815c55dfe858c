import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { DEMO_GROUP_QR_FILES, DEMO_GROUP_URLS } from '@rian/proto-contracts/demo';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  FileStored,
  isImageKind,
  type ImageContentType,
  type ImageKind,
  type ImageListQuery,
  type ImageStored,
  type MediaImage,
} from '@rian/proto-contracts/media';
import { MediaFile, type MediaFileEntity } from '../../entities/media-file.js';
import { CONTENT_TYPE, contentTypeOfName, storedName, STORED_NAME } from '../../domain/image-format.js';
import { sniffImageFormat } from '@rian/kit/image-content';
import type { FileRef, FileStore, StoredFile } from '../../storage/file-store.js';
import { reencodeImage, type ReencodeLimits } from './reencode-image.js';
import type { Config } from '../../config.js';

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface ServedImage {
  file: StoredFile;
  contentType: ImageContentType;
  /** strong: the name is the content's hash */
  etag: string;
}

const publicRef = (kind: string, filename: string): FileRef => ({ visibility: 'public', kind, filename });

/** Public images: checked by content, re-encoded, stored under their hash, recorded, announced. */
export class ImageLibrary {
  constructor(
    private readonly kit: Kit,
    private readonly files: FileStore,
    private readonly limits: ReencodeLimits,
    private readonly publicUrl: string,
  ) {}

  urlOf(kind: string, filename: string): string {
    return `${this.publicUrl.replace(/\/+$/, '')}/images/${kind}/${filename}`;
  }

  /**
   * Stores an upload of `kind`. The same picture uploaded twice (same bytes after re-encoding) is
   * the same file: the second upload answers the first one's name and announces nothing.
   */
  async store(kind: ImageKind, upload: Buffer, createdBy: string | null): Promise<ImageStored> {
    const format = sniffImageFormat(upload);
    if (!format) throw new ProblemError('media.unsupported_type');
    const image = await reencodeImage(upload, format, this.limits);
    const sha256 = createHash('sha256').update(image.data).digest('hex');
    const filename = storedName(sha256, format);
    const contentType = CONTENT_TYPE[format];

    // Bytes first, then the record and its event: a crash in between leaves an unlisted file that
    // the same upload later adopts (same name), never a record without bytes.
    await this.files.put(publicRef(kind, filename), image.data, contentType);
    const record = await this.record({
      visibility: 'public',
      kind,
      filename,
      contentType,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      sha256,
      createdBy,
    });
    this.kit.logger.info(
      { kind, filename, bytes: record.bytes, uploadBytes: upload.length, format },
      'image stored',
    );
    return {
      filename: record.filename,
      url: this.urlOf(kind, record.filename),
      width: record.width ?? image.width,
      height: record.height ?? image.height,
      bytes: record.bytes,
      contentType,
    };
  }

  /** A public image to serve; 404 `media.not_found` for an unknown kind, a name we never make, or a missing file. */
  async open(kind: string, filename: string): Promise<ServedImage> {
    const contentType = contentTypeOfName(filename);
    const hash = STORED_NAME.exec(filename)?.[1];
    if (!isImageKind(kind) || !contentType || !hash) throw new ProblemError('media.not_found');
    const file = await this.files.get(publicRef(kind, filename));
    if (!file) throw new ProblemError('media.not_found');
    return { file, contentType, etag: `"${hash}"` };
  }

  /**
   * The demo groups' QR images (MEDIA_SEED_DEMO, DEMO_GROUP_QR_FILES): each, unless its row exists,
   * generated from its group's link as PNG, stored publicly as a `qr` image under its fixed name and
   * announced like an upload. A restart writes nothing; replicas starting together put the same
   * bytes and keep one row (the row's unique key). Returns how many it wrote.
   */
  async seedDemoQr(): Promise<number> {
    let added = 0;
    for (const [group, files] of Object.entries(DEMO_GROUP_QR_FILES)) {
      const url = DEMO_GROUP_URLS[group as keyof typeof DEMO_GROUP_URLS];
      const colour = group === 'forexLine' ? '#05803e' : '#1877f2';
      for (const [filename, dark] of [
        [files.qr, '#000000'],
        [files.qrManual, colour],
      ] as const) {
        const key = { visibility: 'public' as const, kind: 'qr', filename };
        if (await this.kit.orm.em.fork().findOne(MediaFile, key)) continue;
        const png = await QRCode.toBuffer(url, {
          type: 'png',
          errorCorrectionLevel: 'M',
          width: 440,
          margin: 2,
          color: { dark, light: '#ffffff' },
        });
        const { width, height } = await sharp(png).metadata();
        await this.files.put(publicRef('qr', filename), png, CONTENT_TYPE.png);
        await this.record({
          ...key,
          contentType: CONTENT_TYPE.png,
          bytes: png.length,
          width: width ?? null,
          height: height ?? null,
          sha256: createHash('sha256').update(png).digest('hex'),
          createdBy: null,
        });
        added += 1;
      }
    }
    if (added) this.kit.logger.info({ added }, 'demo group QR images stored');
    return added;
  }

  async list(query: ImageListQuery): Promise<Paged<MediaImage>> {
    const [rows, total] = await this.kit.orm.em.fork().findAndCount(
      MediaFile,
      { visibility: 'public', ...(query.kind ? { kind: query.kind } : {}) },
      {
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      },
    );
    return { items: rows.map((r) => this.view(r)), page: query.page, pageSize: query.pageSize, total };
  }

  private view(r: MediaFileEntity): MediaImage {
    return {
      id: r.id,
      kind: r.kind as ImageKind,
      filename: r.filename,
      url: this.urlOf(r.kind, r.filename),
      contentType: r.contentType as ImageContentType,
      bytes: r.bytes,
      width: r.width ?? 0,
      height: r.height ?? 0,
      sha256: r.sha256,
      createdBy: r.createdBy ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  }

  /** The row for this file: the existing one, or a new one written with its event in one transaction. */
  private async record(
    fields: Omit<MediaFileEntity, 'id' | 'createdAt' | 'createdBy' | 'originalName'> & {
      createdBy: string | null;
    },
  ): Promise<MediaFileEntity> {
    const key = { visibility: fields.visibility, kind: fields.kind, filename: fields.filename };
    const insert = (em: EntityManager) => {
      const row = em.create(MediaFile, { id: uuidv7(), ...fields, createdAt: new Date() });
      this.kit.outbox.add(em, FileStored, {
        fileId: row.id,
        kind: row.kind,
        visibility: row.visibility,
        filename: row.filename,
        contentType: row.contentType,
        bytes: row.bytes,
        width: row.width ?? null,
        height: row.height ?? null,
        sha256: row.sha256,
        createdBy: row.createdBy ?? null,
        storedAt: row.createdAt.toISOString(),
      });
      return row;
    };
    try {
      return await this.kit.orm.em.fork().transactional(async (em) => {
        const existing = await em.findOne(MediaFile, key);
        return existing ?? insert(em);
      });
    } catch (err) {
      // the same picture uploaded twice at the same moment: the other upload's row is ours too
      if (!(err instanceof UniqueConstraintViolationException)) throw err;
      const existing = await this.kit.orm.em.fork().findOne(MediaFile, key);
      if (!existing) throw err;
      return existing;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageLibrary;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const images = new ImageLibrary(
      app.kit,
      app.fileStore,
      { maxDimension: config.MEDIA_MAX_DIMENSION, maxPixels: config.MEDIA_MAX_PIXELS },
      config.MEDIA_PUBLIC_URL,
    );
    app.decorate('images', images);
    if (config.MEDIA_SEED_DEMO) {
      app.addHook('onReady', async () => {
        try {
          await images.seedDemoQr();
        } catch (err) {
          app.log.error({ err }, 'demo group QR images not seeded');
        }
      });
    }
  },
  { name: 'images', dependencies: ['file-store'] },
);
