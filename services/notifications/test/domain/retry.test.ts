import { describe, expect, it } from 'vitest';
import { afterFailedAttempt, MAX_RETRY_DELAY_MS, retryDelayMs } from '../../src/domain/retry.js';

describe('retry schedule', () => {
  it.each([
    [1, 10_000],
    [2, 20_000],
    [3, 40_000],
    [5, 160_000],
  ])('after %i failed tries waits %i ms (base 10 s)', (attempts, ms) => {
    expect(retryDelayMs(attempts, 10_000)).toBe(ms);
  });

  it('never waits more than an hour', () => {
    expect(retryDelayMs(40, 10_000)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('gives up after the last allowed try, or at once when retrying cannot help', () => {
    expect(afterFailedAttempt(5, 6, 1_000)).toEqual({ status: 'pending', retryInMs: 16_000 });
    expect(afterFailedAttempt(6, 6, 1_000)).toEqual({ status: 'failed' });
    expect(afterFailedAttempt(1, 6, 1_000, true)).toEqual({ status: 'failed' });
  });
});
