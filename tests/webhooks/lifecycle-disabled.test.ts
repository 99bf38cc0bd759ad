// Delivery over days of failures, on an app of its own (lifecycle.ts): an endpoint that fails for
// "3 days" (WEBHOOKS_RETRY_SCALE shrinks every duration of docs/webhooks.md, Retries) is disabled,
// says why, and is enabled again.
import { describe, expect, it } from 'vitest';
import { ownAppAndReceiver } from './own-app.ts';
import { product, until } from './lifecycle.ts';

describe('an endpoint that fails for 3 days', () => {
  // 3 days x 0.00001 = 2.6 s; retries end 0.86 s after each event.
  const own = ownAppAndReceiver({ WEBHOOKS_RETRY_SCALE: '0.00001' });

  it('is disabled with its reason, gets nothing more, and delivers again once enabled', async () => {
    const { call, receiver } = own;
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

    // Disabled: new events make no delivery, and what was pending ends without an attempt. An
    // attempt already under way when the endpoint was disabled may still arrive (docs/webhooks.md,
    // "Retries"): the receiver is checked for the new event itself.
    const late = product();
    await call('POST', '/products', late);
    const settled = await until(() => call('GET', `/webhooks/${endpoint}/deliveries?limit=100`), (r) => r.body.data.every((d: any) => d.status !== 'PENDING'), 10_000, 'no delivery pending');
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.filter((r) => r.body.includes(late.code))).toEqual([]);
    expect(settled.body.data.filter((d: any) => d.status === 'SUCCEEDED')).toEqual([]);
    const before = receiver.received.length;

    // Enabled again by the integrator: the next event is delivered.
    receiver.script.length = 0;
    const enabled = await call('PUT', `/webhooks/${endpoint}`, { enabled: true });
    expect(enabled.body.data).toMatchObject({ status: 'ENABLED', disabled_at: null, disabled_reason: null });
    await call('POST', '/products', product());
    const got = await receiver.until((list) => list.length > before);
    expect(got.at(-1)!.headers['webhook-event-type']).toBe('product.created');
  });
});
