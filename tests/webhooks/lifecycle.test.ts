// Delivery across a crash and over days of failures, each on an app of its own (PostgreSQL
// when DATABASE_URL is set, the embedded database otherwise): the app is killed with SIGKILL
// in the middle of an attempt and started again on the same data; and an endpoint that
// fails for "3 days" (WEBHOOKS_RETRY_SCALE shrinks every duration of docs/webhooks.md,
// Retries) is disabled, says why, and is enabled again.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../setup/app-server.ts';
import { appWithCompany } from './own-app.ts';
import { startReceiver, type Receiver } from './receiver.ts';

/** Asks `read` every 100 ms until `done` holds of its answer; fails after `ms`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${ms} ms; last: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const product = () => ({ code: `PRD-${randomBytes(4).toString('hex')}`, description: 'Lifecycle valve' });

describe('an app killed with SIGKILL in the middle of a delivery', () => {
  let app: AppServer;
  let call: Awaited<ReturnType<typeof appWithCompany>>['call'];
  let receiver: Receiver;
  beforeAll(async () => {
    ({ app, call } = await appWithCompany(process.env.DATABASE_URL, {}));
    receiver = await startReceiver();
  }, 300_000);
  afterAll(async () => {
    await receiver?.close();
    await app?.stop();
  });

  it('delivers the same message again after its restart, with nothing lost', async () => {
    const endpoint = (await call('POST', '/webhooks', { url: receiver.url, events: ['product.created'] })).body.data.id;
    // The first request is held unanswered; the app dies while its attempt waits.
    receiver.script.push(0);
    const created = await call('POST', '/products', product());
    expect(created.status).toBe(201);
    await receiver.until((list) => list.length === 1);
    await app.restart('SIGKILL');
    // Once the dead attempt's claim expires (15 s), the restarted app attempts again.
    const got = await receiver.until((list) => list.length === 2, 60_000);
    expect(got[1].headers['webhook-id']).toBe(got[0].headers['webhook-id']);
    expect(got[1].body).toBe(got[0].body);
    const settled = await until(() => call('GET', `/webhooks/${endpoint}/deliveries`), (r) => r.body.data[0]?.status === 'SUCCEEDED', 10_000, 'delivery settled');
    expect(settled.body.data).toMatchObject([{ status: 'SUCCEEDED', attempt_count: 1, response_status: 200 }]);
    expect((await call('GET', `/products/${created.body.data.id}`)).status).toBe(200);
  }, 120_000);
});

describe('an endpoint that fails for 3 days', () => {
  // 3 days x 0.00001 = 2.6 s; retries end 0.86 s after each event.
  let call: Awaited<ReturnType<typeof appWithCompany>>['call'];
  let app: AppServer;
  let receiver: Receiver;
  beforeAll(async () => {
    ({ app, call } = await appWithCompany(process.env.DATABASE_URL, { WEBHOOKS_RETRY_SCALE: '0.00001' }));
    receiver = await startReceiver();
  }, 300_000);
  afterAll(async () => {
    await receiver?.close();
    await app?.stop();
  });

  it('is disabled with its reason, gets nothing more, and delivers again once enabled', async () => {
    const endpoint = (await call('POST', '/webhooks', { url: receiver.url, events: ['product.created'] })).body.data.id;
    receiver.script.push(...Array<number>(100_000).fill(500));
    // An event every 300 ms while the receiver fails, until the endpoint is disabled.
    const started = Date.now();
    const disabled = await until(
      async () => {
        await call('POST', '/products', product());
        await new Promise((r) => setTimeout(r, 300));
        return (await call('GET', `/webhooks/${endpoint}`)).body.data;
      },
      (e) => e.status === 'DISABLED',
      30_000,
      'endpoint disabled',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_592);
    expect(disabled.disabled_at).toMatch(/Z$/);
    expect(disabled.disabled_reason).toMatch(/^Every delivery failed for 3 days, since \d{4}-\d\d-\d\dT[\d:.]+Z; the last: answered 500\.$/);

    // Disabled: new events make no delivery, and what was pending ends without an attempt.
    const before = receiver.received.length;
    await call('POST', '/products', product());
    const settled = await until(() => call('GET', `/webhooks/${endpoint}/deliveries?limit=100`), (r) => r.body.data.every((d: any) => d.status !== 'PENDING'), 10_000, 'no delivery pending');
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.length).toBe(before);
    expect(settled.body.data.filter((d: any) => d.status === 'SUCCEEDED')).toEqual([]);

    // Enabled again by the integrator: the next event is delivered.
    receiver.script.length = 0;
    const enabled = await call('PUT', `/webhooks/${endpoint}`, { enabled: true });
    expect(enabled.body.data).toMatchObject({ status: 'ENABLED', disabled_at: null, disabled_reason: null });
    await call('POST', '/products', product());
    const got = await receiver.until((list) => list.length > before);
    expect(got.at(-1)!.headers['webhook-event-type']).toBe('product.created');
  }, 120_000);
});

describe('events and deliveries past their keeping time', () => {
  // 0.0001 days = 8.64 s (EVENTS_RETENTION_DAYS); workers delete expired rows when they start
  // and every hour.
  let call: Awaited<ReturnType<typeof appWithCompany>>['call'];
  let app: AppServer;
  let receiver: Receiver;
  beforeAll(async () => {
    ({ app, call } = await appWithCompany(process.env.DATABASE_URL, { EVENTS_RETENTION_DAYS: '0.0001' }));
    receiver = await startReceiver();
  }, 300_000);
  afterAll(async () => {
    await receiver?.close();
    await app?.stop();
  });

  it('are deleted by the worker, and newer ones kept', async () => {
    const endpoint = (await call('POST', '/webhooks', { url: receiver.url, events: ['product.created'] })).body.data.id;
    await call('POST', '/products', product());
    const [old] = (await until(() => call('GET', `/webhooks/${endpoint}/deliveries`), (r) => r.body.data[0]?.status === 'SUCCEEDED', 10_000, 'delivered')).body.data;
    const oldEvent = (await call('GET', '/events')).body.data[0].id;
    await new Promise((r) => setTimeout(r, 9_000));
    await app.restart('SIGTERM');
    await call('POST', '/products', product());
    const events = await until(() => call('GET', '/events'), (r) => !r.body.data.some((e: any) => e.id === oldEvent), 10_000, 'old event deleted');
    expect(events.body.data.map((e: any) => e.type)).toEqual(['product.created']);
    const deliveries = (await call('GET', `/webhooks/${endpoint}/deliveries`)).body.data;
    expect(deliveries.map((d: any) => d.id)).not.toContain(old.id);
    expect((await call('POST', `/webhooks/${endpoint}/deliveries/${old.id}/retry`)).status).toBe(404);
  }, 120_000);
});
