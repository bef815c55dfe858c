import { on } from '@rian/kit/consumer';
import { EnrolmentGranted } from '@rian/proto-contracts/learning';
import { EnrolmentChanged } from '@rian/proto-contracts/learning-enrolments';
import { rememberEnrolment } from '../../plugins/app/member-line.js';

/** A member was enrolled (for members' LINE pushes, issue 20): known as active until a change says more. */
export const onLearningEnrolmentGranted = on(EnrolmentGranted, async (event, { em }) => {
  const d = event.data;
  await rememberEnrolment(
    em,
    {
      enrolmentId: d.enrolmentId,
      userId: d.userId,
      courseId: d.courseId,
      status: 'active',
      special: 'N',
      start: null,
      end: null,
    },
    d.grantedAt,
    true,
  );
});

/** An enrolment was granted, edited or ended: its whole new state (the newest change wins). */
export const onLearningEnrolmentChanged = on(EnrolmentChanged, async (event, { em }) => {
  await rememberEnrolment(em, event.data.enrolment, event.data.changedAt);
});
