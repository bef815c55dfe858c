import { on } from '@rian/kit/consumer';
import { UserLocaleChanged } from '@rian/proto-contracts/auth';
import { rememberLocale } from '../../plugins/app/user-contacts.js';

/** A member switched the SPA's language: later e-mails to them are written in it. */
export const onAuthUserLocaleChanged = on(UserLocaleChanged, async (event, { em }) => {
  await rememberLocale(em, event.data.userId, event.data.locale, event.data.changedAt);
});
