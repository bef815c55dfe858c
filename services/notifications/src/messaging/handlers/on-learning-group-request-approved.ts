import { on } from '@rian/kit/consumer';
import { GroupRequestApproved } from '@rian/proto-contracts/learning-groups';
import type { Config } from '../../config.js';
import { GROUP_CONFIRMED_TEMPLATE, groupConfirmedEmail } from '../../domain/group-templates.js';
import { enqueueDelivery } from '../../plugins/app/delivery-log.js';
import { contactEmail } from '../../plugins/app/user-contacts.js';

/**
 * Staff approved a member into a group (learning): the ConfirmGroup e-mail, once per event, to the
 * address kept from auth.user.registered. No LINE message: no service knows a member's LINE user id.
 */
export const onLearningGroupRequestApproved = (config: Config) =>
  on(GroupRequestApproved, async (event, { em, logger }) => {
    const d = event.data;
    const to = await contactEmail(em, d.userId);
    if (!to) {
      logger.warn({ userId: d.userId, requestId: d.id }, 'no e-mail address known for the member; no e-mail');
      return;
    }
    await enqueueDelivery(em, {
      channel: 'email',
      to,
      template: GROUP_CONFIRMED_TEMPLATE,
      locale: 'th',
      message: groupConfirmedEmail({
        groupType: d.groupType,
        groupName: d.groupName,
        groupUrl: d.groupUrl,
        courseTitle: d.courseTitle,
        code: d.code,
        note: d.note,
        siteUrl: config.SITE_URL,
        locale: 'th',
      }),
      eventId: event.id,
    });
  });
