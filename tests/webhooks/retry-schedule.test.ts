// The retry schedule of docs/webhooks.md (Retries), as the delivery worker keeps it on the
// database it runs on (PostgreSQL when DATABASE_URL is set, the embedded database otherwise:
// the same loop on both, graph/webhooks/workers.ts). WEBHOOKS_RETRY_SCALE=0.05 makes the
// first retry due 0.25 to 0.75 s after the first failure, the second 1 to 3 s after the second.
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ownAppAndReceiver } from './own-app.ts';

const SCALE = 0.05;
/** The documented wait before retry `n` (1 after the first failure), before jitter: 10 s, then 4 times longer. */
const documentedWaitMs = (n: number) => 10_000 * 4 ** (n - 1) * SCALE;
/** What a retry may take beyond its time: the worker looks for due deliveries every half second, then makes the request. */
const LATE_MS = 1_000;

describe('retries of a failing receiver', () => {
  const own = ownAppAndReceiver({ WEBHOOKS_RETRY_SCALE: String(SCALE) });

  it('follow the documented schedule: each retry between half and one and a half times its wait after the failure', async () => {
    const { call, receiver } = own;
    const endpoint = (await call('POST', '/webhooks', { url: receiver.url, events: ['product.created'] })).body.data.id;
    receiver.script.push(500, 503);
    expect((await call('POST', '/products', { code: `PRD-${randomBytes(4).toString('hex')}`, description: 'Retried valve' })).status).toBe(201);
    await receiver.until((list) => list.length === 3, 20_000);
    const delivery = await vi.waitFor(async () => {
      const first = (await call('GET', `/webhooks/${endpoint}/deliveries`)).body.data[0];
      expect(first?.status).toBe('SUCCEEDED');
      return first;
    }, { timeout: 20_000, interval: 100 });
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attempt_count: 3, next_attempt_at: null });
    expect(delivery.attempts.map((a: any) => a.response_status)).toEqual([500, 503, 200]);
    // A failure's time is when its attempt was recorded, which the next one's wait starts from.
    const at = delivery.attempts.map((a: any) => Date.parse(a.attempted_at));
    for (const n of [1, 2]) {
      const waited = at[n] - at[n - 1];
      expect(waited, `retry ${n}`).toBeGreaterThanOrEqual(documentedWaitMs(n) * 0.5);
      expect(waited, `retry ${n}`).toBeLessThanOrEqual(documentedWaitMs(n) * 1.5 + LATE_MS);
    }
  });
});
