// Separate delivery workers (`npm run worker`) on a PostgreSQL server: an app of its own that
// does not deliver, and worker processes started, killed and restarted by the tests. The
// embedded database serves one process, so these run on PostgreSQL only.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppServer } from '../setup/app-server.ts';
import { workerProcesses } from '../setup/worker-process.ts';
import { appWithCompany } from './own-app.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('webhook delivery workers', () => {
  let app: AppServer;
  let call: Awaited<ReturnType<typeof appWithCompany>>['call'];

  const workers = workerProcesses(() => app.databaseUrl, { WEBHOOKS_RETRY_SCALE: '0.001' });
  const startWorker = workers.start;
  const stopWorker = workers.stop;

  beforeAll(async () => {
    ({ app, call } = await appWithCompany(serverUrl, { WEBHOOKS_IN_APP_WORKER: 'false', WEBHOOKS_RETRY_SCALE: '0.001' }));
  }, 300_000);
  afterAll(async () => {
    await workers.stopAll();
    await app?.stop();
  });

  const subscribe = async (receiver: Receiver) => (await call('POST', '/webhooks', { url: `${receiver.url}/${randomBytes(3).toString('hex')}`, events: ['product.created'] })).body.data.id as number;
  const product = () => call('POST', '/products', { code: `PRD-${randomBytes(4).toString('hex')}`, description: 'Worker test' });
  const deliveries = async (endpoint: number) => (await call('GET', `/webhooks/${endpoint}/deliveries?limit=100`)).body.data as any[];

  it('redelivers, after a restart, an attempt whose worker was killed with SIGKILL in the middle of it', async () => {
    const receiver = await startReceiver();
    const endpoint = await subscribe(receiver);
    // The first request is held unanswered: the worker is killed while it waits.
    receiver.script.push(0);
    const worker = await startWorker();
    await product();
    await receiver.until((list) => list.length === 1);
    await stopWorker(worker, 'SIGKILL');
    await startWorker();
    const got = await receiver.until((list) => list.length === 2, 45_000);
    expect(got[1].headers['webhook-id']).toBe(got[0].headers['webhook-id']);
    expect(got[1].body).toBe(got[0].body);
    const settled = await vi.waitFor(async () => {
      const list = await deliveries(endpoint);
      expect(list[0]?.status).toBe('SUCCEEDED');
      return list;
    }, { timeout: 20_000, interval: 100 });
    expect(settled).toMatchObject([{ status: 'SUCCEEDED', attempt_count: 1, response_status: 200 }]);
    await receiver.close();
  });

  it('delivers each attempt once with two worker processes', async () => {
    const receiver = await startReceiver();
    const endpoint = await subscribe(receiver);
    await startWorker();
    await startWorker();
    for (let i = 0; i < 30; i++) await product();
    await receiver.until((list) => new Set(list.map((r) => r.headers['webhook-id'])).size === 30, 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received).toHaveLength(30);
    const made = await deliveries(endpoint);
    expect(made).toHaveLength(30);
    for (const d of made) expect(d).toMatchObject({ status: 'SUCCEEDED', attempt_count: 1 });
    await receiver.close();
  });

  it('refuses at delivery time a target whose address is private for the worker, and records why', async () => {
    // The app accepted the loopback address (tests allow it); the worker does not: as when a
    // public name later resolves to a private address.
    await workers.stopAll();
    const receiver = await startReceiver();
    const endpoint = await subscribe(receiver);
    await startWorker({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' });
    await product();
    const made = await vi.waitFor(async () => {
      const list = await deliveries(endpoint);
      expect(list[0]?.attempt_count).toBeGreaterThanOrEqual(1);
      return list;
    }, { timeout: 20_000, interval: 100 });
    // One sentence for a private and an unresolvable host, never the address (docs/webhooks.md).
    expect(made[0]).toMatchObject({ response_status: null, error: 'refused: the host does not resolve to public addresses only' });
    expect(receiver.received).toEqual([]);
    await receiver.close();
  });
});
