import type { EntityManager } from '@rian/kit/db';
import type { Locale } from '@rian/proto-contracts/enums';

/**
 * Keeps (or updates) the address a user is reached at, and their language when the event says it
 * (an event without one leaves a known language as it is).
 */
export async function rememberContact(
  em: EntityManager,
  userId: string,
  email: string,
  locale?: Locale,
): Promise<void> {
  await em.execute(
    `insert into user_contacts (user_id, email, locale, updated_at) values (?, ?, ?, now())
     on conflict (user_id) do update set email = excluded.email,
       locale = coalesce(excluded.locale, user_contacts.locale), updated_at = now()`,
    [userId, email, locale ?? null],
  );
}

/**
 * The member switched language (auth.user.locale-changed). Events may arrive out of order: a row
 * keeps the newest change only. A member not yet known gets no row (no address to write to yet);
 * their registration event carries the language too.
 */
export async function rememberLocale(
  em: EntityManager,
  userId: string,
  locale: Locale,
  changedAt: string,
): Promise<void> {
  await em.execute(
    `update user_contacts set locale = ?, locale_changed_at = ?, updated_at = now()
     where user_id = ? and (locale_changed_at is null or locale_changed_at < ?)`,
    [locale, changedAt, userId, changedAt],
  );
}

export async function contactEmail(em: EntityManager, userId: string): Promise<string | undefined> {
  return (await contactOf(em, userId))?.email;
}

/** The language to write to a user in: theirs when known, else Thai (the default). */
export async function contactLocale(em: EntityManager, userId: string): Promise<Locale> {
  return (await contactOf(em, userId))?.locale ?? 'th';
}

export async function contactOf(
  em: EntityManager,
  userId: string,
): Promise<{ email: string; locale: Locale } | undefined> {
  const [row] = (await em.execute(`select email, locale from user_contacts where user_id = ?`, [userId])) as {
    email: string;
    locale: string | null;
  }[];
  if (!row) return undefined;
  return { email: row.email, locale: row.locale === 'en' ? 'en' : 'th' };
}
