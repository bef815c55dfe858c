import type { EntityManager } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import type { FieldProblem } from '../../domain/field-rules.js';

/**
 * The rows a content record names, checked inside its write's transaction. Learning's own rows
 * (course, video, Zoom room, session, document) are read `for share`, so they cannot be deleted
 * before the write commits; read-model rows (instructors, media's files) are what learning heard.
 */

const exists = async (em: EntityManager, sql: string, params: unknown[]) =>
  ((await em.execute(sql, params)) as unknown[]).length > 0;

/** The course a nested route is under: 404 when there is none. Held until the write commits. */
export async function lockCourse(em: EntityManager, courseId: string): Promise<void> {
  if (!(await exists(em, `select 1 from courses where course_id = ? for share`, [courseId]))) {
    throw new ProblemError('learning.course_not_found');
  }
}

export async function courseProblems(
  em: EntityManager,
  courseId: string,
  field = 'courseId',
): Promise<FieldProblem[]> {
  return (await exists(em, `select 1 from courses where course_id = ? for share`, [courseId]))
    ? []
    : [{ field, code: 'learning.course_unknown' }];
}

/** A video of this course (a session shows only its own course's videos). */
export async function videoProblems(
  em: EntityManager,
  courseId: string | null,
  videoId: string,
  field = 'videoId',
) {
  const sql = courseId
    ? `select 1 from videos where video_id = ? and course_id = ? for share`
    : `select 1 from videos where video_id = ? for share`;
  const ok = await exists(em, sql, courseId ? [videoId, courseId] : [videoId]);
  return ok ? [] : [{ field, code: 'learning.video_unknown' } as FieldProblem];
}

export async function zoomRoomProblems(em: EntityManager, zoomRoomId: string): Promise<FieldProblem[]> {
  return (await exists(em, `select 1 from zoom_rooms where zoom_room_id = ? for share`, [zoomRoomId]))
    ? []
    : [{ field: 'zoomRoomId', code: 'learning.zoom_room_unknown' }];
}

/** A live stream (issue 15): a session may use one. */
export async function liveStreamProblems(em: EntityManager, liveStreamId: string): Promise<FieldProblem[]> {
  return (await exists(em, `select 1 from live_streams where live_stream_id = ? for share`, [liveStreamId]))
    ? []
    : [{ field: 'liveStreamId', code: 'learning.live_stream_unknown' }];
}

/** A live broadcast a video records (issue 15); none named: no problem. */
export async function broadcastProblems(
  em: EntityManager,
  broadcastId: string | null,
): Promise<FieldProblem[]> {
  if (!broadcastId) return [];
  const sql = `select 1 from live_broadcasts where live_broadcast_id = ? for share`;
  return (await exists(em, sql, [broadcastId]))
    ? []
    : [{ field: 'recordingBroadcastId', code: 'learning.live_broadcast_unknown' }];
}

/** An instructor catalog told learning of, and has not deleted since. */
export async function instructorProblems(em: EntityManager, instructorId: string): Promise<FieldProblem[]> {
  const sql = `select 1 from instructors where instructor_id = ? and deleted_at is null`;
  return (await exists(em, sql, [instructorId]))
    ? []
    : [{ field: 'instructorId', code: 'learning.instructor_unknown' }];
}

export async function sessionProblems(em: EntityManager, sessionId: string): Promise<FieldProblem[]> {
  return (await exists(em, `select 1 from course_sessions where session_id = ? for share`, [sessionId]))
    ? []
    : [{ field: 'sessionId', code: 'learning.session_unknown' }];
}

export async function documentProblems(em: EntityManager, documentId: string): Promise<FieldProblem[]> {
  return (await exists(em, `select 1 from documents where document_id = ? for share`, [documentId]))
    ? []
    : [{ field: 'documentId', code: 'learning.document_unknown' }];
}

/** A private document file media told learning of (`media.file.stored`). */
export async function fileProblems(em: EntityManager, fileId: string): Promise<FieldProblem[]> {
  return (await exists(em, `select 1 from media_documents where file_id = ?`, [fileId]))
    ? []
    : [{ field: 'fileId', code: 'learning.document_file_unknown' }];
}
