import type { FastifyRequest } from 'fastify';
import type { Kit } from '@rian/kit/service';
import { bearerToken, type Principal } from '@rian/kit/tokens';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import { isMembershipCode, priceCodesOf } from '@rian/proto-contracts/enums';
import type { RuleProblem } from '../../domain/field-rules.js';

/** What the commerce services (prices, packages, course lists, instalment plans) share. */

/** Answers 400 with one entry per broken field (nothing is written), or returns when there is none. */
export function assertNoProblems(problems: readonly RuleProblem[]): void {
  if (!problems.length) return;
  throw validationProblem(
    problems.map((p) =>
      fieldError(p.field, p.rule === 'required' ? 'validation.required' : 'catalog.to_before_start'),
    ),
  );
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
