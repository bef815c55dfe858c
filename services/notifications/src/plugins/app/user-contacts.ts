import type { EntityManager } from '@rian/kit/db';

/** Keeps (or updates) the address a user is reached at. */
export async function rememberContact(em: EntityManager, userId: string, email: string): Promise<void> {
  await em.execute(
    `insert into user_contacts (user_id, email, updated_at) values (?, ?, now())
     on conflict (user_id) do update set email = excluded.email, updated_at = now()`,
    [userId, email],
  );
}

export async function contactEmail(em: EntityManager, userId: string): Promise<string | undefined> {
  const [row] = (await em.execute(`select email from user_contacts where user_id = ?`, [userId])) as {
    email: string;
  }[];
  return row?.email;
}
