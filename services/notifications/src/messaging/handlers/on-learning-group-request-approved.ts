import { on } from '@rian/kit/consumer';
import { GroupRequestApproved } from '@rian/proto-contracts/learning-groups';
import type { Config } from '../../config.js';
import { GROUP_CONFIRMED_TEMPLATE, groupConfirmedEmail } from '../../domain/group-templates.js';
import { enqueueDelivery } from '../../plugins/app/delivery-log.js';
import { contactOf } from '../../plugins/app/user-contacts.js';

/**
 * Staff approved a member into a group (learning): the ConfirmGroup e-mail, once per event, to the
 * address (and in the language) kept from auth's events. No LINE message: no service knows a member's LINE user id.
 */
export const onLearningGroupRequestApproved = (config: Config) =>
  on(GroupRequestApproved, async (event, { em, logger }) => {
    const d = event.data;
    const contact = await contactOf(em, d.userId);
    if (!contact) {
      logger.warn({ userId: d.userId, requestId: d.id }, 'no e-mail address known for the member; no e-mail');
      return;
    }
    await enqueueDelivery(em, {
      channel: 'email',
      to: contact.email,
      template: GROUP_CONFIRMED_TEMPLATE,
      locale: contact.locale,
      message: groupConfirmedEmail({
        groupType: d.groupType,
        groupName: d.groupName,
        groupUrl: d.groupUrl,
        courseTitle: d.courseTitle,
        code: d.code,
        note: d.note,
        siteUrl: config.SITE_URL,
        locale: contact.locale,
      }),
      eventId: event.id,
    });
  });
