import { describe, expect, it } from 'vitest';
import { ProblemError } from '@rian/kit/errors';
import { ERRORS } from '@rian/proto-contracts/errors';
import {
  ATTEMPT_TRANSITIONS,
  SESSION_TRANSITIONS,
  SLIP_TRANSITIONS,
  canTransition,
  nextStatus,
  type Transitions,
} from '../../src/domain/status-transitions.js';

const pairs = <S extends string>(table: Transitions<S>) =>
  (Object.keys(table) as S[]).flatMap((from) => (Object.keys(table) as S[]).map((to) => [from, to] as const));

describe("payments' state machines", () => {
  it('attempt: create → wait | finish | not; wait → create (slip rejected) | finish | not; finish and not are final', () => {
    const allowed = pairs(ATTEMPT_TRANSITIONS).filter(([f, t]) => canTransition(ATTEMPT_TRANSITIONS, f, t));
    expect(allowed).toEqual([
      ['create', 'wait'],
      ['create', 'finish'],
      ['create', 'not'],
      ['wait', 'create'],
      ['wait', 'finish'],
      ['wait', 'not'],
    ]);
  });

  it('slip: wait → approved | rejected, once; session: open → paid | failed, failed → paid', () => {
    expect(pairs(SLIP_TRANSITIONS).filter(([f, t]) => canTransition(SLIP_TRANSITIONS, f, t))).toEqual([
      ['wait', 'approved'],
      ['wait', 'rejected'],
    ]);
    expect(pairs(SESSION_TRANSITIONS).filter(([f, t]) => canTransition(SESSION_TRANSITIONS, f, t))).toEqual([
      ['open', 'failed'],
      ['open', 'paid'],
      ['failed', 'paid'],
    ]);
  });

  it('an illegal move is a 409 problem (payments.status_conflict) naming the machine and the move', () => {
    expect(nextStatus('attempt', ATTEMPT_TRANSITIONS, 'wait', 'finish')).toBe('finish');
    let thrown: unknown;
    try {
      nextStatus('attempt', ATTEMPT_TRANSITIONS, 'finish', 'create');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ProblemError);
    expect(thrown).toMatchObject({
      code: 'payments.status_conflict',
      extra: { machine: 'attempt', from: 'finish', to: 'create' },
    });
    expect(ERRORS['payments.status_conflict'].status).toBe(409);
    expect(() => nextStatus('slip', SLIP_TRANSITIONS, 'approved', 'rejected')).toThrow(ProblemError);
  });
});
