import type {
  DocumentListRecord,
  DocumentRecord,
  SessionRecord,
  VideoRecord,
  ZoomRoomRecord,
} from '@rian/proto-contracts/learning-content';
import type { CourseSessionEntity } from '../entities/course-session.js';
import type { VideoEntity } from '../entities/video.js';
import type { ZoomRoomEntity } from '../entities/zoom-room.js';
import type { CourseDocumentEntity } from '../entities/course-document.js';
import type { DocumentListEntity } from '../entities/document-list.js';
import { closeText } from './session-fields.js';

/** The stored records as the API and the `learning.<aggregate>.changed` events give them. */

const meta = (r: { createdBy?: string | null; createdAt: Date; updatedAt: Date }) => ({
  createdBy: r.createdBy ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export function sessionRecord(s: CourseSessionEntity): SessionRecord {
  return {
    id: s.id,
    courseId: s.courseId,
    type: s.type,
    item: s.item,
    title: s.title,
    detail: s.detail ?? null,
    date: s.date,
    start: s.start ?? null,
    to: s.to ?? null,
    close: closeText(s.closeDate ?? null),
    view: s.view,
    checkin: s.checkin,
    special: s.special,
    rating: s.rating,
    pdf: s.pdf ?? null,
    videoId: s.videoId ?? null,
    zoomRoomId: s.zoomRoomId ?? null,
    instructorId: s.instructorId ?? null,
    liveStreamId: s.liveStreamId ?? null,
    ...meta(s),
  };
}

export function videoRecord(v: VideoEntity): VideoRecord {
  return {
    id: v.id,
    courseId: v.courseId,
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
    ...meta(v),
  };
}

/** No passcode: events and other services never see it. */
export function zoomRoomRecord(z: ZoomRoomEntity): ZoomRoomRecord {
  return {
    id: z.id,
    title: z.title,
    url: z.url,
    meetingId: z.meetingId ?? null,
    hasPasscode: (z.passcodeSealed ?? null) !== null,
    ...meta(z),
  };
}

export function documentRecord(d: CourseDocumentEntity): DocumentRecord {
  return {
    id: d.id,
    name: d.name,
    detail: d.detail ?? null,
    type: d.type ?? null,
    position: d.position,
    fileId: d.fileId,
    img: d.img ?? null,
    ...meta(d),
  };
}

export function documentListRecord(l: DocumentListEntity): DocumentListRecord {
  return {
    id: l.id,
    documentId: l.documentId,
    videoId: l.videoId ?? null,
    sessionId: l.sessionId ?? null,
    courseId: l.courseId ?? null,
    item: l.item,
    ...meta(l),
  };
}
