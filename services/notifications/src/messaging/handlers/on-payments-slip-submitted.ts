import { on } from '@rian/kit/consumer';
import { SlipSubmitted } from '@rian/proto-contracts/payments';
import type { Config } from '../../config.js';
import { staffChatText } from '../../domain/order-templates.js';
import { enqueueStaffChat, staffChatTargets } from '../../plugins/app/staff-chat.js';

/** A buyer sent a transfer slip: staff are told in chat (reference and amount), once per event. */
export const onPaymentsSlipSubmitted = (config: Config) =>
  on(SlipSubmitted, async (event, { em }) => {
    await enqueueStaffChat(em, staffChatTargets(config), {
      eventId: event.id,
      template: 'staff-chat.slip-submitted',
      text: staffChatText('slip-submitted', event.data.reference, event.data.amount),
    });
  });
