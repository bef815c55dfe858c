import { on } from '@rian/kit/consumer';
import { PasswordChanged } from '@rian/proto-contracts/auth-password';
import type { Config } from '../../config.js';
import { PASSWORD_CHANGED_TEMPLATE, passwordChangedEmail } from '../../domain/security-templates.js';
import { enqueueDelivery } from '../../plugins/app/delivery-log.js';
import { contactOf } from '../../plugins/app/user-contacts.js';

/**
 * auth changed a member's password with an e-mailed code (spec ChangePass): the owner is told, in
 * their language, once per event — so a change they did not make does not go unnoticed.
 */
export const onAuthPasswordChanged = (config: Config) =>
  on(PasswordChanged, async (event, { em, logger }) => {
    const { userId, changedAt } = event.data;
    const contact = await contactOf(em, userId);
    if (!contact) {
      logger.warn({ userId }, 'no e-mail address known for the member; no password-changed notice');
      return;
    }
    await enqueueDelivery(em, {
      channel: 'email',
      to: contact.email,
      template: PASSWORD_CHANGED_TEMPLATE,
      locale: contact.locale,
      message: passwordChangedEmail({ changedAt, siteUrl: config.SITE_URL, locale: contact.locale }),
      eventId: event.id,
    });
  });
