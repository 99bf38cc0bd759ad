// Events and deliveries past their keeping time, on an app of its own (lifecycle.ts).
import { describe, expect, it } from 'vitest';
import { ownAppAndReceiver } from './own-app.ts';
import { product, until } from './lifecycle.ts';

describe('events and deliveries past their keeping time', () => {
  // 0.0001 days = 8.64 s (EVENTS_RETENTION_DAYS); workers delete expired rows when they start
  // and every hour.
  const own = ownAppAndReceiver({ EVENTS_RETENTION_DAYS: '0.0001' });

  it('are deleted by the worker, and newer ones kept', async () => {
    const { app, call, receiver } = own;
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
  });
});
