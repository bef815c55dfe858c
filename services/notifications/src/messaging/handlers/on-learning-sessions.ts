import { on } from '@rian/kit/consumer';
import { SessionChanged, SessionDeleted } from '@rian/proto-contracts/learning-content';
import { forgetSession, rememberSession } from '../../plugins/app/member-line.js';

/** A session was added or changed: its start instant, for the LINE reminder an hour before (issue 20). */
export const onLearningSessionChanged = on(SessionChanged, async (event, { em }) => {
  await rememberSession(em, event.data);
});

/** A session was deleted: no reminder for it. */
export const onLearningSessionDeleted = on(SessionDeleted, async (event, { em }) => {
  await forgetSession(em, event.data.id, event.data.courseId, event.data.deletedAt);
});
