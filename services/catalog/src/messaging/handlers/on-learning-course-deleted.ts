import { on } from '@rian/kit/consumer';
import { CourseDeleted } from '@rian/proto-contracts/learning';

/**
 * A course was deleted in learning: products can no longer be given it (those that have it keep it
 * until staff take it off). The row stays as a tombstone, so a late `changed` event cannot revive it.
 */
export const onLearningCourseDeleted = on(CourseDeleted, async (event, { em }) => {
  const d = event.data;
  await em.execute(
    `insert into learning_courses (course_id, title, status, changed_at, event_id, deleted_at)
     values (?, '', 'closed', ?::timestamptz, ?, ?::timestamptz)
     on conflict (course_id) do update set deleted_at = excluded.deleted_at
      where learning_courses.deleted_at is null`,
    [d.courseId, d.deletedAt, event.id, d.deletedAt],
  );
});
