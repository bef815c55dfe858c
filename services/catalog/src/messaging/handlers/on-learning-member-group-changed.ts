import { on } from '@rian/kit/consumer';
import { MemberGroupChanged } from '@rian/proto-contracts/learning-groups';

/**
 * A member group was added or changed in learning: kept when its (changedAt, event id) is later than
 * ours; a deleted group stays deleted. Idempotent: the inbox skips a redelivery, the ordering a replay.
 */
export const onLearningMemberGroupChanged = on(MemberGroupChanged, async (event, { em }) => {
  const d = event.data;
  await em.execute(
    `insert into learning_groups (member_group_id, course_id, type, name, changed_at, event_id)
     values (?, ?, ?, ?, ?::timestamptz, ?)
     on conflict (member_group_id) do update set
       course_id = excluded.course_id, type = excluded.type, name = excluded.name,
       changed_at = excluded.changed_at, event_id = excluded.event_id
      where learning_groups.deleted_at is null
        and (learning_groups.changed_at, learning_groups.event_id) < (excluded.changed_at, excluded.event_id)`,
    [d.id, d.courseId, d.type, d.name, d.changedAt, event.id],
  );
});
