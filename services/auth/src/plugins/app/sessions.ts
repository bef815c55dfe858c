import { createHash, randomBytes } from 'node:crypto';
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

/**
 * Refresh tokens: opaque random strings in an httpOnly cookie; only their hash is stored.
 * Each use rotates the token; a token used twice means it was stolen, so its whole family is revoked
 * and the holder must sign in again — unless it comes back within `reuseGraceSeconds` of its
 * rotation: then the browser most likely lost the rotation's answer (a reload, a navigation, a
 * closed tab while it was on its way), and it gets another successor instead (D31).
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
  ): Promise<IssuedRefresh> {
    const token = randomBytes(32).toString('base64url');
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

  /** Swaps a refresh token for a new one of the same family; returns who it belongs to. */
  async rotate(
    em: EntityManager,
    token: string,
  ): Promise<{ subjectId: string; kind: SubjectKind; next: IssuedRefresh }> {
    // the transaction must commit a family revocation, so failures are returned, then thrown
    const outcome = await em.transactional(async (tem) => {
      const row = await tem.findOne(RefreshToken, { tokenHash: sha256(token) });
      if (!row) return undefined;
      const claimed = (await tem.execute(
        `update refresh_tokens set replaced_at = now()
          where id = ? and replaced_at is null and revoked_at is null and expires_at > now() returning id`,
        [row.id],
      )) as unknown[];
      if (!claimed.length) {
        const now = Date.now();
        const lostAnswer =
          row.replacedAt &&
          !row.revokedAt &&
          row.expiresAt.getTime() > now &&
          now - row.replacedAt.getTime() <= this.reuseGraceSeconds * 1000;
        if (lostAnswer) {
          const next = await this.start(tem, row.subjectId, row.subjectKind, row.family);
          return { subjectId: row.subjectId, kind: row.subjectKind, next };
        }
        if (row.replacedAt && !row.revokedAt) {
          // a rotated token presented again: stolen or raced — end the whole sign-in
          await tem.execute(
            `update refresh_tokens set revoked_at = now() where family = ? and revoked_at is null`,
            [row.family],
          );
        }
        return undefined;
      }
      const next = await this.start(tem, row.subjectId, row.subjectKind, row.family);
      return { subjectId: row.subjectId, kind: row.subjectKind, next };
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
