import { on } from '@rian/kit/consumer';
import { CourseChanged } from '@rian/proto-contracts/learning';

/**
 * A course was added or changed in learning (or announced once after the change that introduced
 * course events). The copy replaces ours only when its (changedAt, event id) is later; a deleted
 * course stays deleted. Idempotent: the inbox skips a redelivery, the ordering skips a replay.
 */
export const onLearningCourseChanged = on(CourseChanged, async (event, { em, logger }) => {
  const d = event.data;
  const rows = (await em.execute(
    `insert into learning_courses (course_id, title, code, status, changed_at, event_id)
     values (?, ?, ?, ?, ?::timestamptz, ?)
     on conflict (course_id) do update set
       title = excluded.title, code = excluded.code, status = excluded.status,
       changed_at = excluded.changed_at, event_id = excluded.event_id
      where learning_courses.deleted_at is null
        and (learning_courses.changed_at, learning_courses.event_id) < (excluded.changed_at, excluded.event_id)
     returning course_id`,
    [d.courseId, d.title, d.code, d.status, d.changedAt, event.id],
    'all',
  )) as unknown[];
  if (!rows.length) logger.info({ courseId: d.courseId }, 'older or deleted course: event ignored');
});
