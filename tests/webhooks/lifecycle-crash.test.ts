// Delivery across a crash, on an app of its own (lifecycle.ts): the app is killed with SIGKILL in
// the middle of an attempt and started again on the same data.
import { describe, expect, it } from 'vitest';
import { ownAppAndReceiver } from './own-app.ts';
import { product, until } from './lifecycle.ts';

describe('an app killed with SIGKILL in the middle of a delivery', () => {
  const own = ownAppAndReceiver();

  it('delivers the same message again after its restart, with nothing lost', async () => {
    const { app, call, receiver } = own;
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
  });
});
