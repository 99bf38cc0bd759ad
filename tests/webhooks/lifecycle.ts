// What the webhook lifecycle files share (lifecycle-crash, lifecycle-disabled, lifecycle-retention):
// each runs on an app of its own (PostgreSQL when DATABASE_URL is set, the embedded database
// otherwise), so the three run side by side.
import { randomBytes } from 'node:crypto';

/** Asks `read` every 100 ms until `done` holds of its answer; fails after `ms`. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${ms} ms; last: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const product = () => ({ code: `PRD-${randomBytes(4).toString('hex')}`, description: 'Lifecycle valve' });

