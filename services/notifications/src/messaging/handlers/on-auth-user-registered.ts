import { on } from '@rian/kit/consumer';
import { UserRegistered } from '@rian/proto-contracts/auth';
import { rememberContact } from '../../plugins/app/user-contacts.js';

/** A new user: remember their address, for e-mails about their orders and payments. */
export const onAuthUserRegistered = on(UserRegistered, async (event, { em }) => {
  await rememberContact(em, event.data.userId, event.data.email);
});
