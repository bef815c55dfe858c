import { on } from '@rian/kit/consumer';
import { UserRegistered } from '@rian/proto-contracts/auth';
import type { Config } from '../../config.js';
import { NEW_MEMBER_CHAT_TEMPLATE, newMemberChatText } from '../../domain/member-templates.js';
import { enqueueStaffChat, staffChatTargets } from '../../plugins/app/staff-chat.js';
import { rememberContact } from '../../plugins/app/user-contacts.js';

/**
 * A new user: remember their address (and language) for e-mails about their orders and payments,
 * and tell staff in chat once (LINE / Telegram; a `skipped` log row when neither is configured).
 */
export const onAuthUserRegistered = (config: Config) =>
  on(UserRegistered, async (event, { em }) => {
    const d = event.data;
    await rememberContact(em, d.userId, d.email, d.locale);
    await enqueueStaffChat(em, staffChatTargets(config), {
      eventId: event.id,
      template: NEW_MEMBER_CHAT_TEMPLATE,
      text: newMemberChatText(d),
    });
  });
