import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { assertNoProblems, StaffCrud, type Paged } from '@rian/kit/staff-crud';
import {
  VideoChanged,
  VideoDeleted,
  type VideoAdminQuery,
  type VideoAssetView,
  type VideoCreateBody,
  type VideoRecord,
  type VideoStaff,
  type VideoUpdateBody,
} from '@rian/proto-contracts/learning-content';
import { Video, type VideoEntity } from '../../entities/video.js';
import { VideoAsset } from '../../entities/video-asset.js';
import { videoFields, type VideoFields } from '../../domain/video-fields.js';
import { videoRecord } from '../../domain/content-views.js';
import { broadcastProblems, courseProblems } from './content-refs.js';
import type { LiveBroadcasts } from './live-broadcasts.js';
import { announceListsGone, detachSessions, listedDocuments } from './content-links.js';

const fieldsOf = (v: VideoEntity): VideoFields => ({
  source: v.source,
  vimeoId: v.vimeoId ?? null,
  hlsUrl: v.hlsUrl ?? null,
  embedUrl: v.embedUrl ?? null,
  assetId: v.assetId ?? null,
  name: v.name,
  detail: v.detail ?? null,
  item: v.item,
  status: v.status,
  durationSeconds: v.durationSeconds ?? null,
  path: v.path ?? null,
  preview: v.preview,
  recordingBroadcastId: v.recordingBroadcastId ?? null,
  recordingOffsetS: v.recordingOffsetS ?? 0,
});

/**
 * Lesson videos (spec 01 §3 "Video", /admin/video). An uploaded video (source upload) shows its
 * media asset's state — status, progress, error — from learning's read model of `media.video.changed`,
 * and takes the asset's duration once it is ready (here on create, in the consumer afterwards).
 */
export class Videos {
  private readonly crud;

  constructor(
    private readonly kit: Kit,
    private readonly broadcasts: LiveBroadcasts,
  ) {
    this.crud = new StaffCrud(
      { kit },
      {
        entity: Video,
        notFound: 'learning.video_not_found',
        staff: videoRecord,
        changed: VideoChanged,
        deleted: VideoDeleted,
        deletedData: (v, deletedAt) => ({ id: v.id, courseId: v.courseId, deletedAt }),
      },
    );
  }

  async listStaff(q: VideoAdminQuery): Promise<Paged<VideoStaff>> {
    const where: FilterQuery<VideoEntity> = {};
    if (q.courseId) where.courseId = q.courseId;
    if (q.source) where.source = q.source;
    if (q.status) where.status = q.status;
    if (q.preview) where.preview = q.preview;
    const page = await this.crud.search(q, ['name', 'detail'], where);
    return { ...page, items: await this.staffViews(page.items) };
  }

  async staffById(id: string): Promise<VideoStaff> {
    return this.staffView(await this.crud.byId(id));
  }

  async create(body: VideoCreateBody, createdBy: string | null): Promise<VideoStaff> {
    const { fields, problems } = videoFields(body);
    assertNoProblems(problems);
    const row = { courseId: body.courseId, ...fields };
    const record = await this.crud.create(row, createdBy, {
      check: async (em) => {
        assertNoProblems([
          ...(await courseProblems(em, body.courseId)),
          ...(await broadcastProblems(em, fields.recordingBroadcastId)),
        ]);
        row.durationSeconds = await this.assetDuration(em, fields);
      },
    });
    return this.staffView(record);
  }

  async update(id: string, body: VideoUpdateBody): Promise<VideoStaff> {
    const record = await this.crud.update(id, async (v, em) => {
      const { fields, problems } = videoFields(body, fieldsOf(v));
      assertNoProblems(problems);
      // checked only when it changes: a video keeps a recording it already has
      if (fields.recordingBroadcastId !== (v.recordingBroadcastId ?? null))
        assertNoProblems(await broadcastProblems(em, fields.recordingBroadcastId));
      fields.durationSeconds = await this.assetDuration(em, fields);
      return fields;
    });
    return this.staffView(record);
  }

  /** Sessions showing it lose it, its document list entries go; each change with its event. */
  remove(id: string): Promise<void> {
    return this.crud.remove(id, {
      before: async (em, v, deletedAt) => {
        await detachSessions(em, this.kit.outbox, 'videoId', v.id);
        await announceListsGone(em, this.kit.outbox, { videoId: v.id }, deletedAt);
      },
    });
  }

  /** A video with a fixed id in `em`'s transaction, with its event (the demo seed). */
  insertSeed(em: EntityManager, id: string, body: VideoCreateBody): void {
    const { fields, problems } = videoFields(body);
    assertNoProblems(problems);
    this.crud.insert(em, { id, courseId: body.courseId, ...fields }, null);
  }

  /** An uploaded video takes its ready asset's duration (rounded); others keep what staff entered. */
  private async assetDuration(em: EntityManager, f: VideoFields): Promise<number | null> {
    if (f.source !== 'upload' || !f.assetId) return f.durationSeconds;
    const asset = await em.findOne(VideoAsset, { assetId: f.assetId });
    return asset?.status === 'ready' && asset.durationSeconds != null
      ? Math.round(asset.durationSeconds)
      : f.durationSeconds;
  }

  private async staffView(r: VideoRecord): Promise<VideoStaff> {
    return (await this.staffViews([r]))[0]!;
  }

  /** Records with their asset's state (uploads) and their listed documents, read in two queries. */
  private async staffViews(records: VideoRecord[]): Promise<VideoStaff[]> {
    const em = this.kit.orm.em.fork();
    const assetIds = records.flatMap((r) => (r.source === 'upload' && r.assetId ? [r.assetId] : []));
    const assets = new Map(
      (assetIds.length ? await em.find(VideoAsset, { assetId: { $in: assetIds } }) : []).map((a) => [
        a.assetId,
        {
          status: a.status,
          progress: a.progress,
          error: a.error ?? null,
          durationSeconds: a.durationSeconds ?? null,
          poster: a.poster ?? null,
          originalName: a.originalName,
        } satisfies VideoAssetView,
      ]),
    );
    const documents = await listedDocuments(
      em,
      'videoId',
      records.map((r) => r.id),
    );
    const recordings = await this.broadcasts.recordings(
      records.flatMap((r) => (r.recordingBroadcastId ? [r.recordingBroadcastId] : [])),
    );
    return records.map((r) => ({
      ...r,
      asset: (r.source === 'upload' && r.assetId && assets.get(r.assetId)) || null,
      documents: documents.get(r.id) ?? [],
      recording: (r.recordingBroadcastId && recordings.get(r.recordingBroadcastId)) || null,
    }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    videos: Videos;
  }
}

export default fp(
  async (app) => {
    app.decorate('videos', new Videos(app.kit, app.liveBroadcasts));
  },
  { name: 'videos', dependencies: ['live-broadcasts'] },
);
