import { on } from '@rian/kit/consumer';
import { UserLineLinked } from '@rian/proto-contracts/auth-social';
import { rememberLineLink } from '../../plugins/app/member-line.js';

/** A member linked (or unlinked) LINE: later reminders, live alerts and check-in receipts go there (issue 20). */
export const onAuthUserLineLinked = on(UserLineLinked, async (event, { em }) => {
  await rememberLineLink(em, event.data.userId, event.data.lineUserId, event.data.changedAt);
});
