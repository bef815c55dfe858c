import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ACCESS_TOKEN_TTL_SECONDS } from '@rian/proto-contracts/auth';
import { ProblemError } from '@rian/kit/errors';
import { RefreshToken } from '../../entities/refresh-token.js';

export type SubjectKind = 'user' | 'staff';

export interface IssuedRefresh {
  token: string;
  expiresAt: Date;
}

function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The one successor a refresh token can have: unguessable without the row id, which only the database holds. */
function successorOf(token: string, rowId: string): string {
  return createHmac('sha256', rowId).update(token).digest('base64url');
}

/**
 * Refresh tokens: opaque random strings in an httpOnly cookie; only their hash is stored.
 * Each use rotates the token; a token used twice means it was stolen, so its whole family is revoked
 * and the holder must sign in again — unless it comes back within `reuseGraceSeconds` of its
 * rotation: then the browser most likely lost the rotation's answer (a reload, a navigation, a
 * closed tab while it was on its way), and it gets the same successor again (D31).
 */
export class Sessions {
  constructor(
    private readonly ttlDays: number,
    private readonly reuseGraceSeconds = 0,
  ) {}

  readonly accessTtlSeconds = ACCESS_TOKEN_TTL_SECONDS;

  async start(
    em: EntityManager,
    subjectId: string,
    kind: SubjectKind,
    family: string = crypto.randomUUID(),
    token: string = randomBytes(32).toString('base64url'),
  ): Promise<IssuedRefresh> {
    const expiresAt = new Date(Date.now() + this.ttlDays * 86_400_000);
    em.create(RefreshToken, {
      id: crypto.randomUUID(),
      family,
      subjectId,
      subjectKind: kind,
      tokenHash: sha256(token),
      expiresAt,
      createdAt: new Date(),
      replacedAt: null,
      revokedAt: null,
    });
    await em.flush();
    return { token, expiresAt };
  }

  /**
   * Swaps a refresh token for its successor in the same family; returns who it belongs to.
   *
   * The successor is derived from the token (HMAC keyed by the row's id, which never leaves the
   * database), so a token presented again within the grace gets the *same* successor back — while
   * that successor is still unused — and never opens a second branch of the sign-in. Once the
   * successor has been used, the old token is refused; after the grace it ends the sign-in (D31).
   */
  async rotate(
    em: EntityManager,
    token: string,
  ): Promise<{ subjectId: string; kind: SubjectKind; next: IssuedRefresh }> {
    // the transaction must commit a family revocation, so failures are returned, then thrown
    const outcome = await em.transactional(async (tem) => {
      const hash = sha256(token);
      // claim first: a parallel rotation of the same token waits here for the other to commit
      const claimed = (await tem.execute(
        `update refresh_tokens set replaced_at = now()
          where token_hash = ? and replaced_at is null and revoked_at is null and expires_at > now() returning id`,
        [hash],
      )) as unknown[];
      const row = await tem.findOne(RefreshToken, { tokenHash: hash }, { refresh: true });
      if (!row) return undefined;
      const owner = { subjectId: row.subjectId, kind: row.subjectKind };
      if (claimed.length) {
        const next = await this.start(
          tem,
          row.subjectId,
          row.subjectKind,
          row.family,
          successorOf(token, row.id),
        );
        return { ...owner, next };
      }
      if (!row.replacedAt || row.revokedAt) return undefined;
      const now = Date.now();
      const lostAnswer =
        row.expiresAt.getTime() > now && now - row.replacedAt.getTime() <= this.reuseGraceSeconds * 1000;
      if (lostAnswer) {
        const again = successorOf(token, row.id);
        const successor = await tem.findOne(RefreshToken, { tokenHash: sha256(again), family: row.family });
        const unused =
          successor && !successor.replacedAt && !successor.revokedAt && successor.expiresAt.getTime() > now;
        // the same successor while unused; once it has been used, this branch is closed
        return unused ? { ...owner, next: { token: again, expiresAt: successor.expiresAt } } : undefined;
      }
      // a rotated token presented again after the grace: stolen or raced — end the whole sign-in
      await tem.execute(
        `update refresh_tokens set revoked_at = now() where family = ? and revoked_at is null`,
        [row.family],
      );
      return undefined;
    });
    if (!outcome) throw new ProblemError('auth.refresh_invalid');
    return outcome;
  }

  async revoke(em: EntityManager, token: string): Promise<void> {
    await em.execute(
      `update refresh_tokens set revoked_at = now()
        where family = (select family from refresh_tokens where token_hash = ?) and revoked_at is null`,
      [sha256(token)],
    );
  }
}
