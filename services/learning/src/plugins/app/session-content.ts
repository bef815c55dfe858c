import type { EntityManager } from '@rian/kit/db';
import { secretKeyFrom } from '@rian/kit/secret-box';
import { signMediaUrl } from '@rian/kit/signed-url';
import type { InstructorSummary, SessionMember } from '@rian/proto-contracts/learning-content';
import type { DocumentDownload, SessionView, VideoPlayback } from '@rian/proto-contracts/learning-member';
import { CourseDocument } from '../../entities/course-document.js';
import type { CourseSessionEntity } from '../../entities/course-session.js';
import { DocumentList } from '../../entities/document-list.js';
import { Instructor } from '../../entities/instructor.js';
import { MediaDocument } from '../../entities/media-document.js';
import { Video } from '../../entities/video.js';
import { VideoAsset } from '../../entities/video-asset.js';
import { ZoomRoom } from '../../entities/zoom-room.js';
import { documentFile, sessionMember, videoMember, zoomRoomMember } from '../../domain/content-views.js';
import type { Config } from '../../config.js';

const MASTER_PLAYLIST = 'master.m3u8';

export type Settings = Pick<
  Config,
  | 'MEDIA_PUBLIC_URL'
  | 'MEDIA_URL_SECRET'
  | 'LEARNING_SIGNED_URL_TTL_S'
  | 'LEARNING_SECRET_KEY'
  | 'LEARNING_SUPERTRACKING_URL'
  | 'LEARNING_SUPERTRACKING_KEY'
  | 'LEARNING_HOME_CACHE_S'
>;

/**
 * What a session hands out to a member the access rule let in (member-sessions.ts decides): the
 * session with its instructor, its shown video (an upload's playlist signed), its documents
 * (signed) and its Zoom room with the passcode opened. Never called without that decision.
 */
export class SessionContent {
  private readonly passcodeKey: Buffer;

  constructor(private readonly settings: Settings) {
    this.passcodeKey = secretKeyFrom(settings.LEARNING_SECRET_KEY, 'LEARNING_SECRET_KEY');
  }

  async members(em: EntityManager, sessions: CourseSessionEntity[]): Promise<SessionMember[]> {
    const ids = [...new Set(sessions.map((s) => s.instructorId).filter((id): id is string => !!id))];
    const instructors = new Map<string, InstructorSummary>(
      ids.length
        ? (await em.find(Instructor, { id: { $in: ids }, deletedAt: null })).map((i) => [
            i.id,
            { id: i.id, name: i.name, img: i.img ?? null },
          ])
        : [],
    );
    return sessions.map((s) => sessionMember(s, (s.instructorId && instructors.get(s.instructorId)) || null));
  }

  async view(
    em: EntityManager,
    s: CourseSessionEntity,
    until: string | null,
    now: Date,
  ): Promise<SessionView> {
    const [session] = await this.members(em, [s]);
    const room = s.zoomRoomId ? await em.findOne(ZoomRoom, { id: s.zoomRoomId }) : null;
    return {
      session: session!,
      openUntil: until,
      video: s.videoId ? await this.playback(em, s.videoId, now) : null,
      documents: await this.documents(em, s, now),
      zoomRoom: room ? zoomRoomMember(room, this.passcodeKey) : null,
    };
  }

  /** A shown video; an upload's playlist signed for a short while once media has it ready. */
  async playback(em: EntityManager, videoId: string, now: Date): Promise<VideoPlayback | null> {
    const v = await em.findOne(Video, { id: videoId, status: 'show' });
    if (!v) return null;
    const out: VideoPlayback = {
      ...videoMember(v),
      playbackUrl: null,
      posterUrl: null,
      expiresAt: null,
      recordingBroadcastId: v.recordingBroadcastId ?? null,
    };
    if (v.source !== 'upload' || !v.assetId) return out;
    const asset = await em.findOne(VideoAsset, { assetId: v.assetId });
    if (asset?.status !== 'ready') return out;
    const playlist = this.sign(`hls/${v.assetId}`, asset.playlist || MASTER_PLAYLIST, now);
    return {
      ...out,
      playbackUrl: playlist.url,
      posterUrl: asset.poster ? this.sign(`hls/${v.assetId}`, asset.poster, now).url : null,
      expiresAt: playlist.expiresAt.toISOString(),
    };
  }

  /** Documents listed on the session or on its video, in list order, each with a signed URL. */
  documents(em: EntityManager, s: CourseSessionEntity, now: Date): Promise<DocumentDownload[]> {
    return this.listedDocuments(
      em,
      { $or: [{ sessionId: s.id }, ...(s.videoId ? [{ videoId: s.videoId }] : [])] },
      now,
    );
  }

  async listedDocuments(em: EntityManager, where: object, now: Date): Promise<DocumentDownload[]> {
    const lists = await em.find(DocumentList, where, { orderBy: [{ item: 'asc' }, { id: 'asc' }] });
    const ids = [...new Set(lists.map((l) => l.documentId))];
    if (!ids.length) return [];
    const docs = new Map((await em.find(CourseDocument, { id: { $in: ids } })).map((d) => [d.id, d]));
    const files = new Map(
      (await em.find(MediaDocument, { fileId: { $in: [...docs.values()].map((d) => d.fileId) } })).map(
        (f) => [f.fileId, f],
      ),
    );
    return ids.flatMap((id) => {
      const d = docs.get(id);
      if (!d) return [];
      const f = files.get(d.fileId);
      const signed = f ? this.sign(`document/${f.fileId}`, f.filename, now) : null;
      return [
        {
          id: d.id,
          name: d.name,
          detail: d.detail ?? null,
          type: d.type ?? null,
          position: d.position,
          img: d.img ?? null,
          file: f ? documentFile(f) : null,
          url: signed?.url ?? null,
          expiresAt: signed?.expiresAt.toISOString() ?? null,
        },
      ];
    });
  }

  private sign(scope: string, file: string, now: Date) {
    return signMediaUrl({
      base: this.settings.MEDIA_PUBLIC_URL,
      secret: this.settings.MEDIA_URL_SECRET,
      scope,
      file,
      ttlSeconds: this.settings.LEARNING_SIGNED_URL_TTL_S,
      now,
    });
  }
}
