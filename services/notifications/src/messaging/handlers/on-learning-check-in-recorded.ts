import { on } from '@rian/kit/consumer';
import { CheckinRecorded } from '@rian/proto-contracts/learning-checkin';
import type { Config } from '../../config.js';
import { LINE_CHECK_IN_RECEIPT_TEMPLATE, checkInReceiptLine } from '../../domain/line-templates.js';
import { enqueueMemberLine, lineRecipient } from '../../plugins/app/member-line.js';

/**
 * A member was checked in: where member LINE is configured and they linked LINE, a receipt with the
 * session and the Bangkok time — once per check-in (its id names the push).
 */
export const onLearningCheckInRecorded = (config: Config) =>
  on(CheckinRecorded, async (event, { em }) => {
    if (!config.LINE_MEMBER_CHANNEL_TOKEN) return;
    const to = await lineRecipient(em, event.data.userId);
    if (!to) return;
    await enqueueMemberLine(em, {
      to,
      template: LINE_CHECK_IN_RECEIPT_TEMPLATE,
      message: checkInReceiptLine({
        sessionTitle: event.data.sessionTitle,
        checkedInAt: event.data.checkedInAt,
        locale: to.locale,
      }),
      key: `check-in:${event.data.checkinId}`,
    });
  });
