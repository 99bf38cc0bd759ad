// When deliveries are tried again (docs/webhooks.md, Retries): exponential backoff with
// jitter for about 24 hours, and endpoints failing for 3 days are disabled.

/** Delays before the retries, before jitter: 10 s, then 4 times longer each time, at most 6 h. */
const FIRST_RETRY_MS = 10_000;
const FACTOR = 4;
const LONGEST_WAIT_MS = 6 * 3600_000;
/** Retries stop once this much has passed since the delivery was made. */
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** An endpoint whose deliveries have all failed for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600_000;

/**
 * The wait before retry number `attempt` (1 after the first failure): exponential, capped,
 * with full jitter in [50 %, 150 %] so endpoints recovering from an outage are not hit in step.
 * `scale` shrinks every wait (tests; WEBHOOKS_RETRY_SCALE).
 */
export function retryDelayMs(attempt: number, scale = 1, random = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * FACTOR ** (attempt - 1), LONGEST_WAIT_MS);
  return Math.round(base * (0.5 + random()) * scale);
}

/** When the next attempt of a delivery made at `madeAt` is due after `attempts` failures, or null when retries are over. */
export function nextAttemptAt(madeAt: Date, attempts: number, now: Date, scale = 1, random = Math.random): Date | null {
  const next = new Date(now.getTime() + retryDelayMs(attempts, scale, random));
  return next.getTime() - madeAt.getTime() > RETRY_WINDOW_MS * scale ? null : next;
}
