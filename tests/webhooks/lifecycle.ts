// What the webhook lifecycle files share (lifecycle-crash, lifecycle-disabled, lifecycle-retention):
// each runs on an app of its own (PostgreSQL when DATABASE_URL is set, the embedded database
// otherwise), so the three run side by side.
import { randomBytes } from 'node:crypto';
import { expect, vi } from 'vitest';

/** Asks `read` every 100 ms until `done` holds of its answer, and answers it; fails after `ms`. */
export function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, what: string): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      expect(done(value), `${what}; last: ${JSON.stringify(value).slice(0, 500)}`).toBe(true);
      return value;
    },
    { timeout: ms, interval: 100 },
  );
}

export const product = () => ({ code: `PRD-${randomBytes(4).toString('hex')}`, description: 'Lifecycle valve' });

