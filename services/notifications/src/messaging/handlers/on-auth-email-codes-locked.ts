import { on } from '@rian/kit/consumer';
import { EmailCodesLocked } from '@rian/proto-contracts/auth';
import { CODES_LOCKED_TEMPLATE, codesLockedEmail } from '../../domain/security-templates.js';
import { enqueueDelivery } from '../../plugins/app/delivery-log.js';

/**
 * auth locked an address's e-mail codes after too many wrong ones (issue 11 §2): the owner is told
 * once per lock — the inbox skips a redelivery, and unique (event_id, template) a replay past it.
 */
export const onAuthEmailCodesLocked = on(EmailCodesLocked, async (event, { em, logger }) => {
  const { email, locale } = event.data;
  const added = await enqueueDelivery(em, {
    channel: 'email',
    to: email,
    template: CODES_LOCKED_TEMPLATE,
    locale: locale ?? 'th',
    message: codesLockedEmail(event.data),
    eventId: event.id,
  });
  if (!added) logger.info('codes-locked notice already recorded for this event');
});
