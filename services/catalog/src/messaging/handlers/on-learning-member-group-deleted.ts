import { on } from '@rian/kit/consumer';
import { MemberGroupDeleted } from '@rian/proto-contracts/learning-groups';

/** A member group was deleted in learning: products can no longer be given it (a tombstone stays). */
export const onLearningMemberGroupDeleted = on(MemberGroupDeleted, async (event, { em }) => {
  const d = event.data;
  await em.execute(
    `insert into learning_groups (member_group_id, course_id, type, name, changed_at, event_id, deleted_at)
     values (?, ?, 'facebook', '', ?::timestamptz, ?, ?::timestamptz)
     on conflict (member_group_id) do update set deleted_at = excluded.deleted_at
      where learning_groups.deleted_at is null`,
    [d.id, d.courseId, d.deletedAt, event.id, d.deletedAt],
  );
});
