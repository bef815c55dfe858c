import { on } from '@rian/kit/consumer';
import { EmailCodeRequested } from '@rian/proto-contracts/auth';
import { emailCodeEmail, emailCodeTemplateName } from '../../domain/templates.js';
import { enqueueDelivery } from '../../plugins/app/delivery-log.js';

/**
 * auth asked for a confirmation code to be e-mailed. Only records the delivery (pending) in the
 * consumer's transaction; the sender sends it after commit. A replayed event adds nothing: the
 * kit's inbox skips it, and unique (event_id, template) stops it if the inbox row is gone.
 */
export const onAuthEmailCodeRequested = on(EmailCodeRequested, async (event, { em, logger }) => {
  const { email, code, purpose, locale, expiresInSeconds } = event.data;
  const added = await enqueueDelivery(em, {
    channel: 'email',
    to: email,
    template: emailCodeTemplateName(purpose),
    locale,
    message: emailCodeEmail({ code, purpose, locale, expiresInSeconds }),
    eventId: event.id,
  });
  if (!added) logger.info('e-mail code delivery already recorded for this event');
});
