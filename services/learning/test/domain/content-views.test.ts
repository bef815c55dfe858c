import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { secretKeyFrom } from '@rian/kit/secret-box';
import {
  DocumentMember,
  SessionMember,
  SessionRecord,
  VideoMember,
  ZoomRoomMember,
  ZoomRoomRecord,
} from '@rian/proto-contracts/learning-content';
import type { CourseSessionEntity } from '../../src/entities/course-session.js';
import type { VideoEntity } from '../../src/entities/video.js';
import type { ZoomRoomEntity } from '../../src/entities/zoom-room.js';
import type { CourseDocumentEntity } from '../../src/entities/course-document.js';
import {
  documentMember,
  sealPasscode,
  sessionMember,
  sessionRecord,
  videoMember,
  zoomRoomMember,
  zoomRoomRecord,
} from '../../src/domain/content-views.js';

const key = secretKeyFrom('11'.repeat(32));
const at = new Date('2026-11-26T01:00:00Z');
const meta = { createdBy: null, createdAt: at, updatedAt: at };

describe('content views (what the routes and the member reads answer)', () => {
  it('a session: close as "unlimit" or its date; the member view has no staff flag (view)', () => {
    const s = {
      id: '01900000-0000-7000-8000-000000000001',
      courseId: '01900000-0000-7000-8000-00000000c001',
      type: 'meeting',
      item: 1,
      title: 'Q&A',
      detail: null,
      date: '2026-12-01',
      start: '19:00',
      to: '21:00',
      closeDate: null,
      view: 'Y',
      checkin: 'N',
      special: 'N',
      rating: 1,
      pdf: null,
      videoId: null,
      zoomRoomId: '01900000-0000-7000-8000-000000000002',
      instructorId: null,
      liveStreamId: null,
      ...meta,
    } as unknown as CourseSessionEntity;
    expect(Value.Errors(SessionRecord, sessionRecord(s)).First()).toBeUndefined();
    expect(sessionRecord(s).close).toBe('unlimit');
    expect(sessionRecord({ ...s, closeDate: '2026-12-04' } as CourseSessionEntity).close).toBe('2026-12-04');
    const member = sessionMember(s, null);
    expect(Value.Errors(SessionMember, member).First()).toBeUndefined();
    expect(member).not.toHaveProperty('view');
    expect(member).not.toHaveProperty('createdBy');
  });

  it('a Zoom room: the record says whether there is a passcode; the member view opens it', () => {
    const z = {
      id: '01900000-0000-7000-8000-000000000002',
      title: 'ห้อง',
      url: 'https://zoom.us/j/123456789',
      meetingId: '123456789',
      passcodeSealed: sealPasscode('p@ss', key),
      ...meta,
    } as unknown as ZoomRoomEntity;
    const record = zoomRoomRecord(z);
    expect(Value.Errors(ZoomRoomRecord, record).First()).toBeUndefined();
    expect(JSON.stringify(record)).not.toContain('p@ss');
    expect(record.hasPasscode).toBe(true);
    const member = zoomRoomMember(z, key);
    expect(Value.Errors(ZoomRoomMember, member).First()).toBeUndefined();
    expect(member.passcode).toBe('p@ss');
  });

  it('a video and a document for a member are schema-valid', () => {
    const v = {
      id: '01900000-0000-7000-8000-000000000003',
      courseId: '01900000-0000-7000-8000-00000000c001',
      source: 'vimeo',
      vimeoId: '1',
      hlsUrl: null,
      embedUrl: null,
      assetId: null,
      name: 'v',
      detail: null,
      item: 1,
      status: 'show',
      durationSeconds: 60,
      path: null,
      ...meta,
    } as unknown as VideoEntity;
    expect(Value.Errors(VideoMember, videoMember(v)).First()).toBeUndefined();
    const d = {
      id: '01900000-0000-7000-8000-000000000004',
      name: 'ชีท',
      detail: null,
      type: 'pdf',
      position: 1,
      fileId: '01900000-0000-7000-8000-000000000005',
      img: null,
      ...meta,
    } as unknown as CourseDocumentEntity;
    const file = {
      fileId: d.fileId,
      filename: 'a.pdf',
      originalName: 'ชีทบทที่ 1.pdf',
      contentType: 'application/pdf',
      bytes: 10,
    };
    expect(Value.Errors(DocumentMember, documentMember(d, file)).First()).toBeUndefined();
  });
});
