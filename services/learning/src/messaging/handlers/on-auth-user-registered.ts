import { on } from '@rian/kit/consumer';
import { UserRegistered } from '@rian/proto-contracts/auth';

/** The name shown under a member's live comments: the nickname, else first name and last initial. */
export function memberDisplayName(d: {
  firstName: string;
  lastName: string;
  nickname: string | null;
}): string {
  const nick = d.nickname?.trim();
  if (nick) return nick.slice(0, 100);
  const initial = [...d.lastName.trim()][0];
  return `${d.firstName.trim()}${initial ? ` ${initial}.` : ''}`.slice(0, 100) || 'สมาชิก';
}

/**
 * A member registered: learning keeps the name their live comments show (never the e-mail), and
 * their first and last name, which their course terms are written with.
 */
export const onAuthUserRegistered = on(UserRegistered, async (event, { em }) => {
  const d = event.data;
  await em.execute(
    `insert into member_names (user_id, name, first_name, last_name, changed_at) values (?, ?, ?, ?, ?::timestamptz)
     on conflict (user_id) do update set name = excluded.name, first_name = excluded.first_name,
      last_name = excluded.last_name, changed_at = excluded.changed_at
      where member_names.changed_at <= excluded.changed_at`,
    [
      d.userId,
      memberDisplayName(d),
      d.firstName.trim().slice(0, 100),
      d.lastName.trim().slice(0, 100),
      d.registeredAt,
    ],
  );
});
