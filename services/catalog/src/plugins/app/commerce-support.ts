import type { FastifyRequest } from 'fastify';
import {
  ForeignKeyConstraintViolationException,
  LockMode,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { bearerToken, type Principal } from '@rian/kit/tokens';
import { fieldError, ProblemError, validationProblem, type ErrorCode } from '@rian/kit/errors';
import { isMembershipCode, priceCodesOf } from '@rian/proto-contracts/enums';
import type { RuleProblem } from '../../domain/field-rules.js';

/** What the commerce services (prices, packages, course lists, instalment plans) share. */

export const FOR_UPDATE = { lockMode: LockMode.PESSIMISTIC_WRITE } as const;
export const FOR_SHARE = { lockMode: LockMode.PESSIMISTIC_READ } as const;

export interface Paging {
  page: number;
  pageSize: number;
}

export const window = (q: Paging) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

/** Answers 400 with one entry per broken field (nothing is written), or returns when there is none. */
export function assertNoProblems(problems: readonly RuleProblem[]): void {
  if (!problems.length) return;
  throw validationProblem(
    problems.map((p) =>
      fieldError(p.field, p.rule === 'required' ? 'validation.required' : 'catalog.to_before_start'),
    ),
  );
}

export function found<T>(row: T | null | undefined, code: ErrorCode): T {
  if (!row) throw new ProblemError(code);
  return row;
}

/**
 * Runs a staff write in one transaction (the change and its outbox events), then `afterCommit`
 * (cache invalidation) once it has committed. A constraint named in `conflicts` becomes its problem.
 */
export async function write<T>(
  kit: Kit,
  work: (em: EntityManager) => Promise<T>,
  opts: { conflicts?: Record<string, ErrorCode>; afterCommit?: () => Promise<void> } = {},
): Promise<T> {
  let result: T;
  try {
    result = await kit.orm.em.fork().transactional(work);
  } catch (err) {
    if (
      err instanceof UniqueConstraintViolationException ||
      err instanceof ForeignKeyConstraintViolationException
    ) {
      const code = opts.conflicts?.[(err as { constraint?: string }).constraint ?? ''];
      if (code) throw new ProblemError(code);
    }
    throw err;
  }
  await opts.afterCommit?.();
  return result;
}

/**
 * preHandler of the reads that answer everyone but say more to a signed-in member: no
 * Authorization header → anonymous; a header with a bad, expired or revoked token → 401 (the SPA
 * refreshes and asks again rather than silently showing the anonymous answer).
 */
export function optionalSignIn(kit: Kit) {
  return async (req: FastifyRequest): Promise<void> => {
    const header = req.headers.authorization;
    if (!header) return;
    const token = bearerToken(header);
    if (!token) throw new ProblemError('auth.unauthenticated');
    req.principal = await kit.tokens.verify(token);
  };
}

/**
 * The membership codes whose prices a caller may buy at (spec 02 §6): a signed-in user's own plus
 * NL (D19); none for anonymous callers and staff.
 */
export function membershipCodesOf(principal: Principal | undefined): string[] {
  if (principal?.kind !== 'user') return [];
  return priceCodesOf((principal.membershipCodes ?? []).filter(isMembershipCode));
}

/** A member's e-mail from the token, when there is one. */
export function emailOf(principal: Principal | undefined): string | null {
  return principal?.kind === 'user' && principal.email ? principal.email : null;
}
