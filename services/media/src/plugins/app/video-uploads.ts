import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { VideoAsset, type VideoAssetEntity } from '../../entities/video-asset.js';
import { originalRef } from '../../domain/video-files.js';
import type { FileStore } from '../../storage/file-store.js';
import { MediaContentError, probeVideo } from './ffmpeg.js';
import { changeVideo } from './video-changes.js';
import type { TranscodeQueue } from './transcode-queue.js';
import type { Config } from '../../config.js';

export interface UploadState {
  asset: VideoAssetEntity;
  /** bytes received so far (the whole length once the upload is complete) */
  offset: number;
}

/**
 * Lesson video uploads (tus): the bytes grow in a file of MEDIA_UPLOAD_DIR with each PATCH; once
 * complete they are checked by ffprobe, the original goes to the file store and the asset is
 * queued for transcoding (with its `media.video.changed`).
 */
export class VideoUploads {
  /** uploads a PATCH is writing to in this process (tus: one writer at a time) */
  private readonly writing = new Set<string>();
  /** completed uploads being checked and stored, so a test or shutdown can wait for them */
  private readonly finishing = new Map<string, Promise<void>>();

  constructor(
    private readonly kit: Kit,
    private readonly files: FileStore,
    private readonly config: Config,
    private readonly queue: TranscodeQueue,
  ) {}

  private async find(id: string): Promise<VideoAssetEntity | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    return this.kit.orm.em.fork().findOne(VideoAsset, { id });
  }

  private stagedPath(id: string): string {
    return join(this.config.MEDIA_UPLOAD_DIR, id);
  }

  /** tus creation: a new asset in `uploading`, and an empty file to grow. */
  async create(opts: { length: number; originalName: string; createdBy: string | null }): Promise<string> {
    if (opts.length > this.config.MEDIA_VIDEO_MAX_BYTES) {
      throw new ProblemError('media.file_too_large', {
        extra: { maxBytes: this.config.MEDIA_VIDEO_MAX_BYTES },
      });
    }
    const id = uuidv7();
    await mkdir(this.config.MEDIA_UPLOAD_DIR, { recursive: true });
    await writeFile(this.stagedPath(id), Buffer.alloc(0), { flag: 'wx' });
    const em = this.kit.orm.em.fork();
    em.create(VideoAsset, {
      id,
      status: 'uploading',
      progress: 0,
      originalName: opts.originalName,
      bytes: opts.length,
      renditions: [],
      createdBy: opts.createdBy,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    this.kit.logger.info({ assetId: id, bytes: opts.length }, 'video upload created');
    return id;
  }

  async state(id: string): Promise<UploadState> {
    const asset = await this.find(id);
    if (!asset) throw new ProblemError('media.upload_not_found');
    if (asset.status !== 'uploading') return { asset, offset: asset.bytes };
    const size = await stat(this.stagedPath(id)).then(
      (s) => s.size,
      () => undefined,
    );
    if (size === undefined) throw new ProblemError('media.upload_not_found');
    return { asset, offset: size };
  }

  /**
   * tus PATCH: appends the body at `offset` (which must be where the file ends). Whatever arrives
   * before the client goes away is kept: the next HEAD tells where to resume. Answers the new offset.
   */
  async append(
    id: string,
    offset: number,
    body: Readable,
    declaredLength: number | undefined,
  ): Promise<number> {
    const { asset, offset: current } = await this.state(id);
    if (asset.status !== 'uploading' || offset !== current || this.writing.has(id)) {
      throw new ProblemError('media.upload_offset_mismatch', { extra: { offset: current } });
    }
    const room = asset.bytes - current;
    if (declaredLength !== undefined && declaredLength > room) {
      throw new ProblemError('media.file_too_large', { extra: { maxBytes: asset.bytes } });
    }
    this.writing.add(id);
    let received = 0;
    try {
      const cap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          received += chunk.length;
          if (received > room)
            done(new ProblemError('media.file_too_large', { extra: { maxBytes: asset.bytes } }));
          else done(null, chunk);
        },
      });
      try {
        await pipeline(body, cap, createWriteStream(this.stagedPath(id), { flags: 'a' }));
      } catch (err) {
        if (err instanceof ProblemError) throw err;
        // the client went away mid-chunk: what was written stays, the client resumes from HEAD
        this.kit.logger.info(
          { assetId: id, received, err: (err as Error).message },
          'video upload interrupted',
        );
      }
    } finally {
      this.writing.delete(id);
    }
    const { offset: now } = await this.state(id);
    if (now === asset.bytes) this.finishInBackground(id);
    return now;
  }

  /** tus termination: only while uploading (a finished upload is an asset staff keep). */
  async terminate(id: string): Promise<void> {
    const asset = await this.find(id);
    if (!asset) throw new ProblemError('media.upload_not_found');
    if (asset.status !== 'uploading' || this.writing.has(id) || this.finishing.has(id)) {
      throw new ProblemError('media.upload_invalid', {
        detail: 'The upload is complete and cannot be terminated',
      });
    }
    const em = this.kit.orm.em.fork();
    await em.nativeDelete(VideoAsset, { id, status: 'uploading' });
    await rm(this.stagedPath(id), { force: true });
  }

  private finishInBackground(id: string): void {
    if (this.finishing.has(id)) return;
    const work = this.finish(id)
      .catch((err: unknown) => this.kit.logger.error({ err, assetId: id }, 'finishing a video upload failed'))
      .finally(() => this.finishing.delete(id));
    this.finishing.set(id, work);
  }

  /**
   * Housekeeping, every minute on each replica: an upload complete on disk whose finishing was cut
   * short (the process ended between the last PATCH and `queued`) is finished again; an upload
   * untouched for MEDIA_UPLOAD_EXPIRY_HOURS is abandoned (row and staged bytes removed). A row is
   * claimed by moving its `updated_at`, so two replicas never take the same one.
   */
  async sweep(): Promise<void> {
    const em = this.kit.orm.em.fork();
    const stale = (await em.execute(
      `select id, bytes::float8 as bytes, updated_at < now() - (? * interval '1 hour') as expired
         from video_assets
        where status = 'uploading' and updated_at < now() - interval '2 minutes'
        order by updated_at limit 50`,
      [this.config.MEDIA_UPLOAD_EXPIRY_HOURS],
    )) as { id: string; bytes: number; expired: boolean }[];
    for (const row of stale) {
      if (this.writing.has(row.id) || this.finishing.has(row.id)) continue;
      const size = await stat(this.stagedPath(row.id)).then(
        (st) => st.size,
        () => -1,
      );
      if (size === row.bytes) {
        const claimed = (await em.execute(
          `update video_assets set updated_at = now()
            where id = ? and status = 'uploading' and updated_at < now() - interval '2 minutes' returning id`,
          [row.id],
        )) as unknown[];
        if (claimed.length) this.finishInBackground(row.id);
      } else if (row.expired) {
        const gone = await em.nativeDelete(VideoAsset, { id: row.id, status: 'uploading' });
        if (gone) await rm(this.stagedPath(row.id), { force: true });
        this.kit.logger.info(
          { assetId: row.id, received: size, bytes: row.bytes },
          'abandoned video upload removed',
        );
      }
    }
  }

  /** Waits for uploads being finished in this process (shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.all(this.finishing.values());
  }

  /**
   * A complete upload: checked by ffprobe (a file that is not a video fails here, nothing is
   * queued), the original moved into the file store, then `queued` with its event, then the job.
   */
  private async finish(id: string): Promise<void> {
    const path = this.stagedPath(id);
    let probed;
    try {
      probed = await probeVideo(this.config.MEDIA_FFPROBE, path);
    } catch (err) {
      if (!(err instanceof MediaContentError)) throw err;
      await changeVideo(this.kit, id, ['uploading'], { status: 'failed', error: err.message });
      await rm(path, { force: true });
      this.kit.logger.info({ assetId: id, error: err.message }, 'video upload refused by its content');
      return;
    }
    await this.files.putFile(originalRef(id), path, 'application/octet-stream');
    await changeVideo(this.kit, id, ['uploading'], {
      status: 'queued',
      progress: 0,
      durationSeconds: probed.durationSeconds,
      width: probed.width,
      height: probed.height,
    });
    await rm(path, { force: true });
    this.queue.kick();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    videoUploads: VideoUploads;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const uploads = new VideoUploads(app.kit, app.fileStore, config, app.transcodeQueue);
    app.decorate('videoUploads', uploads);
    let timer: NodeJS.Timeout | undefined;
    const sweep = () => {
      uploads.sweep().catch((err: unknown) => app.log.warn({ err }, 'video upload sweep failed'));
    };
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, 60_000);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await uploads.settled();
    });
  },
  { name: 'video-uploads', dependencies: ['file-store', 'transcode-queue'] },
);
