import { openText, sealText } from '@rian/kit/secret-box';
import type {
  DocumentFile,
  DocumentListRecord,
  DocumentMember,
  DocumentRecord,
  InstructorSummary,
  SessionMember,
  VideoMember,
  SessionRecord,
  VideoRecord,
  ZoomRoomMember,
  ZoomRoomRecord,
  ZoomRoomStaff,
} from '@rian/proto-contracts/learning-content';
import type { CourseSessionEntity } from '../entities/course-session.js';
import type { VideoEntity } from '../entities/video.js';
import type { ZoomRoomEntity } from '../entities/zoom-room.js';
import type { CourseDocumentEntity } from '../entities/course-document.js';
import type { DocumentListEntity } from '../entities/document-list.js';
import type { MediaDocumentEntity } from '../entities/media-document.js';
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
    preview: v.preview,
    recordingBroadcastId: v.recordingBroadcastId ?? null,
    recordingOffsetS: v.recordingOffsetS ?? 0,
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

/** Binds a sealed passcode to its column: a value sealed for anything else does not open here. */
const PASSCODE = 'learning:zoom-passcode';

export function sealPasscode(passcode: string | null, key: Buffer): string | null {
  return passcode === null ? null : sealText(passcode, key, PASSCODE);
}

export function openPasscode(z: ZoomRoomEntity, key: Buffer): string | null {
  const sealed = z.passcodeSealed ?? null;
  return sealed === null ? null : openText(sealed, key, PASSCODE);
}

/** Staff see the passcode in clear. */
export function zoomRoomStaff(z: ZoomRoomEntity, key: Buffer): ZoomRoomStaff {
  return { ...zoomRoomRecord(z), passcode: openPasscode(z, key) };
}

/** For a member the access rule lets into a session using the room (its window, enrolled). */
export function zoomRoomMember(z: ZoomRoomEntity, key: Buffer): ZoomRoomMember {
  return {
    id: z.id,
    title: z.title,
    url: z.url,
    meetingId: z.meetingId ?? null,
    passcode: openPasscode(z, key),
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

/** A document's file as staff and members see it: the name as uploaded beside media's stored name. */
export function documentFile(f: MediaDocumentEntity): DocumentFile {
  return {
    fileId: f.fileId,
    filename: f.filename,
    originalName: f.originalName ?? null,
    contentType: f.contentType,
    bytes: f.bytes,
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

// ---------- what an enrolled member reads (the access rule decides whether they may) ----------

/** A session for a member: no staff flags (view) and no meta; its instructor when known. */
export function sessionMember(s: CourseSessionEntity, instructor: InstructorSummary | null): SessionMember {
  const r = sessionRecord(s);
  return {
    id: r.id,
    courseId: r.courseId,
    type: r.type,
    item: r.item,
    title: r.title,
    detail: r.detail,
    date: r.date,
    start: r.start,
    to: r.to,
    close: r.close,
    checkin: r.checkin,
    special: r.special,
    rating: r.rating,
    pdf: r.pdf,
    videoId: r.videoId,
    zoomRoomId: r.zoomRoomId,
    liveStreamId: r.liveStreamId,
    instructor,
  };
}

/** A video for a member (an upload's playback URL is signed apart, for a ready asset only). */
export function videoMember(v: VideoEntity): VideoMember {
  const r = videoRecord(v);
  return {
    id: r.id,
    courseId: r.courseId,
    source: r.source,
    vimeoId: r.vimeoId,
    hlsUrl: r.hlsUrl,
    embedUrl: r.embedUrl,
    assetId: r.assetId,
    name: r.name,
    detail: r.detail,
    item: r.item,
    durationSeconds: r.durationSeconds,
  };
}

/** A document for a member (its file's URL is signed apart, short-lived). */
export function documentMember(d: CourseDocumentEntity, file: DocumentFile | null): DocumentMember {
  return {
    id: d.id,
    name: d.name,
    detail: d.detail ?? null,
    type: d.type ?? null,
    position: d.position,
    img: d.img ?? null,
    file,
  };
}
