import { ProblemError } from '@rian/kit/errors';
import type { AttemptStatus, SlipStatus } from '@rian/proto-contracts/payments';

/**
 * Payments' state machines as data (from → the statuses it may become), as orders' order-status.ts
 * does: every status change in payments goes through `nextStatus`, so a move the table does not list
 * is refused (409 `payments.status_conflict`) instead of written.
 */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

/**
 * An attempt (spec 02 §4 order transfer): `create` waits to be paid; `wait` has a slip with staff;
 * `finish` paid; `not` cancelled. A rejected slip sends `wait` back to `create`; a provider payment
 * may finish an attempt whose slip still waits (the QR was paid meanwhile).
 */
export const ATTEMPT_TRANSITIONS: Transitions<AttemptStatus> = {
  create: ['wait', 'finish', 'not'],
  wait: ['create', 'finish', 'not'],
  finish: [],
  not: [],
};

/** The attempts an order cancellation closes. */
export const ATTEMPT_OPEN: readonly AttemptStatus[] = ['create', 'wait'];

/** A transfer slip: staff approve or reject a waiting one, once. */
export const SLIP_TRANSITIONS: Transitions<SlipStatus> = {
  wait: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

export const SESSION_STATUSES = ['open', 'paid', 'failed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** A trip to a payment provider: a failure notice may be followed by a success (the buyer retried). */
export const SESSION_TRANSITIONS: Transitions<SessionStatus> = {
  open: ['paid', 'failed'],
  failed: ['paid'],
  paid: [],
};

export function canTransition<S extends string>(table: Transitions<S>, from: S, to: S): boolean {
  return table[from]?.includes(to) ?? false;
}

/**
 * `to`, when the table allows `from` → `to`; otherwise 409 `payments.status_conflict` naming the
 * machine and the move (nothing is written: callers change state only with what this returns).
 */
export function nextStatus<S extends string>(machine: string, table: Transitions<S>, from: S, to: S): S {
  if (!canTransition(table, from, to)) {
    throw new ProblemError('payments.status_conflict', { extra: { machine, from, to } });
  }
  return to;
}
