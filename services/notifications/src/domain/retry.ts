/** Longest wait between two tries of one delivery. */
export const MAX_RETRY_DELAY_MS = 60 * 60_000;

/**
 * Wait before the next try after `attempts` failed tries (1 = the first failure): base, 2×base,
 * 4×base... capped at an hour. Deterministic, so the schedule can be read from the log.
 */
export function retryDelayMs(attempts: number, baseMs: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** exponent);
}

export type AttemptOutcome = { status: 'pending'; retryInMs: number } | { status: 'failed' };

/** What a failed try leads to: another try later, or giving up once `maxAttempts` tries have failed. */
export function afterFailedAttempt(
  attempts: number,
  maxAttempts: number,
  baseMs: number,
  permanent = false,
): AttemptOutcome {
  if (permanent || attempts >= maxAttempts) return { status: 'failed' };
  return { status: 'pending', retryInMs: retryDelayMs(attempts, baseMs) };
}
