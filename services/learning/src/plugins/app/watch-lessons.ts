import type { EntityManager } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import { canOpenSession, UNLIMIT, type AccessEnrolment } from '../../domain/access.js';
import type { Range } from '../../domain/watch-ranges.js';
import { withClient, type PgClient } from './playback-sql.js';
import type { SessionType, YN } from '../../domain/access.js';

/**
 * The read model of the dashboard's statistics (issue 14): the course's recorded lessons the member
 * may open, each with the member's progress on its video and today's seconds, in one SQL join and
 * no entities. These reads are the dashboard's hottest (a member with a year of history loaded
 * ~480 entities in 7 queries per request); STYLE.md's "entities unless a query needs SQL" gives way
 * here to a read model: typed rows, the access rule still decided by domain/access.ts in JS.
 */

/** A video's length: its own, else its upload's as media measured it (rounded), else unknown. */
export function lengthOf(own: number | null | undefined, measured: number | null | undefined): number | null {
  return own || (measured ? Math.round(measured) : null);
}

/** The member's progress on a video as the statistics read it (the entity fits too). */
export interface ProgressFigures {
  seconds: number;
  ranges: Range[];
  lastPosition: number;
  furthestPosition: number;
  lastViewedAt?: Date | null;
  ended: boolean;
}

export interface LessonProgress {
  videoId: string;
  sessionId: string;
  name: string;
  durationSeconds: number | null;
  /** undefined: the member never opened the video */
  progress: ProgressFigures | undefined;
  todaySeconds: number;
}

interface EnrolmentRow {
  course_id: string;
  status: string;
  special: YN;
  start: string | null;
  end: string | null;
}

interface LessonRow {
  session_id: string;
  course_id: string;
  type: SessionType;
  view: YN;
  special: YN;
  date: string | null;
  close_date: string | null;
  video_id: string;
  name: string;
  own_seconds: number | null;
  measured_seconds: number | null;
  seconds: number | null;
  ranges: Range[] | null;
  last_position: number | null;
  furthest_position: number | null;
  last_viewed_at: Date | string | null;
  ended: boolean | null;
  today_seconds: number | null;
}

/**
 * The member's enrolment in `courseId` (404 `learning.enrolment_not_found` when none), or the
 * selected one (null: the member has none) — as member-sessions' enrolmentFor, the columns the
 * access rule reads.
 */
async function enrolmentFor(
  c: PgClient,
  userId: string,
  courseId: string | undefined,
): Promise<AccessEnrolment | null> {
  const { rows } = await c.query({
    name: courseId ? 'learning.stats.enrolment' : 'learning.stats.selected',
    text: `select course_id, status, special, start_date::text as start, end_date::text as end
           from user_courses where user_id = $1 and ${courseId ? 'course_id = $2' : `selected = 'Y'`} limit 1`,
    values: courseId ? [userId, courseId] : [userId],
  });
  const e = rows[0] as EnrolmentRow | undefined;
  if (!e && courseId) throw new ProblemError('learning.enrolment_not_found');
  return e
    ? { courseId: e.course_id, status: e.status, special: e.special, start: e.start, end: e.end }
    : null;
}

/**
 * The recorded lessons of the course (video sessions with a shown video) the member may open today,
 * in the member area's lesson order, each with the member's progress and the seconds of `today`.
 * Two queries (prepared, on a pooled client): the enrolment, then one join of sessions, videos,
 * uploads, progress and today's row.
 */
export async function lessonProgress(
  em: EntityManager,
  userId: string,
  courseId: string | undefined,
  today: string,
): Promise<LessonProgress[]> {
  return withClient(em, async (c) => {
    const e = await enrolmentFor(c, userId, courseId);
    if (!e) return [];
    const { rows } = await c.query({
      name: 'learning.stats.lessons',
      text: `select s.session_id, s.course_id, s.type, s.view, s.special, s.session_date::text as date,
             s.close_date::text as close_date, v.video_id, v.name, v.duration_seconds as own_seconds,
             a.duration_seconds as measured_seconds, p.seconds, p.ranges, p.last_position,
             p.furthest_position, p.last_viewed_at, p.ended, d.seconds as today_seconds
           from course_sessions s
           join videos v on v.video_id = s.video_id and v.status = 'show'
           left join video_assets a on a.asset_id = v.asset_id
           left join video_progress p on p.user_id = $1 and p.video_id = v.video_id
           left join watch_days d on d.user_id = $1 and d.day = $2 and d.video_id = v.video_id
           where s.course_id = $3 and s.type = 'video'
           order by s.session_date asc, s.start_time asc nulls first, s.item asc, s.session_id asc`,
      values: [userId, today, e.courseId],
    });
    return (rows as LessonRow[])
      .filter(
        (r) =>
          canOpenSession(
            e,
            {
              courseId: r.course_id,
              type: r.type,
              view: r.view,
              special: r.special,
              date: r.date,
              close: r.close_date ?? UNLIMIT,
            },
            today,
          ).allow,
      )
      .map((r) => ({
        videoId: r.video_id,
        sessionId: r.session_id,
        name: r.name,
        durationSeconds: lengthOf(r.own_seconds, r.measured_seconds),
        progress:
          r.seconds === null
            ? undefined
            : {
                seconds: r.seconds,
                ranges: r.ranges ?? [],
                lastPosition: r.last_position ?? 0,
                furthestPosition: r.furthest_position ?? 0,
                lastViewedAt: r.last_viewed_at === null ? null : new Date(r.last_viewed_at),
                ended: r.ended ?? false,
              },
        todaySeconds: r.today_seconds ?? 0,
      }));
  });
}
