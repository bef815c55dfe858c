import type { ServiceApp } from '@rian/kit/service';
import { secretKeyFrom } from '@rian/kit/secret-box';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { DEV_SECRET_KEY } from '../src/config.js';
import { sealPasscode } from '../src/domain/content-views.js';

/**
 * Content rows written straight into learning's tables (sessions, videos, Zoom rooms, documents),
 * for tests of the member reads: the columns' defaults are the spec's.
 */
export class ContentFixtures {
  constructor(private readonly app: ServiceApp) {}

  private exec(sql: string, params: unknown[]) {
    return this.app.kit.orm.em.fork().execute(sql, params);
  }

  async session(s: {
    courseId: string;
    date: string;
    type?: 'video' | 'real' | 'meeting' | 'live';
    title?: string;
    start?: string | null;
    to?: string | null;
    close?: string | null;
    view?: 'Y' | 'N';
    special?: 'Y' | 'N';
    videoId?: string | null;
    zoomRoomId?: string | null;
    instructorId?: string | null;
  }): Promise<string> {
    const id = uuidv7();
    await this.exec(
      `insert into course_sessions (session_id, course_id, type, title, session_date, start_time, to_time,
         close_date, view, special, video_id, zoom_room_id, instructor_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        s.courseId,
        s.type ?? 'video',
        s.title ?? `session ${id.slice(-4)}`,
        s.date,
        s.start ?? null,
        s.to ?? null,
        s.close ?? null,
        s.view ?? 'Y',
        s.special ?? 'N',
        s.videoId ?? null,
        s.zoomRoomId ?? null,
        s.instructorId ?? null,
      ],
    );
    return id;
  }

  async uploadVideo(courseId: string, opts: { status?: 'create' | 'show' | 'hide'; ready?: boolean } = {}) {
    const id = uuidv7();
    const assetId = uuidv7();
    await this.exec(
      `insert into video_assets (asset_id, status, progress, duration_seconds, playlist, poster, original_name, bytes, changed_at)
       values (?, ?, 100, 5, 'master.m3u8', 'poster.jpg', 'lesson.mp4', 1000, now())`,
      [assetId, opts.ready === false ? 'transcoding' : 'ready'],
    );
    await this.exec(
      `insert into videos (video_id, course_id, source, asset_id, name, status) values (?, ?, 'upload', ?, ?, ?)`,
      [id, courseId, assetId, 'บทเรียนที่ 1', opts.status ?? 'show'],
    );
    return { id, assetId };
  }

  async vimeoVideo(courseId: string, status: 'create' | 'show' | 'hide' = 'show') {
    const id = uuidv7();
    await this.exec(
      `insert into videos (video_id, course_id, source, vimeo_id, name, status) values (?, ?, 'vimeo', '123456', ?, ?)`,
      [id, courseId, 'วิดีโอ Vimeo', status],
    );
    return id;
  }

  async zoomRoom(passcode: string) {
    const id = uuidv7();
    const sealed = sealPasscode(passcode, secretKeyFrom(DEV_SECRET_KEY));
    await this.exec(
      `insert into zoom_rooms (zoom_room_id, title, url, meeting_id, passcode_sealed) values (?, ?, ?, ?, ?)`,
      [id, 'ห้องเรียน Zoom', 'https://zoom.us/j/1234567890', '1234567890', sealed],
    );
    return id;
  }

  /**
   * A document on a private file media announced (stored as `<fileId>.pdf`, uploaded as
   * "ชีทประกอบ.pdf"), listed on a session (or a video).
   */
  async document(target: { sessionId?: string; videoId?: string; courseId?: string }) {
    const fileId = uuidv7();
    const id = uuidv7();
    await this.exec(
      `insert into media_documents (file_id, filename, original_name, content_type, bytes, sha256, stored_at)
       values (?, ?, 'ชีทประกอบ.pdf', 'application/pdf', 2048, ?, now())`,
      [fileId, `${fileId}.pdf`, 'a'.repeat(64)],
    );
    await this.exec(`insert into documents (document_id, name, file_id) values (?, ?, ?)`, [
      id,
      'เอกสารประกอบ',
      fileId,
    ]);
    const listId = uuidv7();
    await this.exec(
      `insert into document_lists (document_list_id, document_id, session_id, video_id, course_id)
       values (?, ?, ?, ?, ?)`,
      [listId, id, target.sessionId ?? null, target.videoId ?? null, target.courseId ?? null],
    );
    return { id, fileId, listId };
  }

  async instructor(name: string) {
    const id = uuidv7();
    await this.exec(
      `insert into instructors (instructor_id, name, img, changed_at) values (?, ?, ?, now())`,
      [id, name, 'instructor.webp'],
    );
    return id;
  }
}
