// Delivery-time checks of a target (graph/webhooks/deliver.ts): with the default setting, a
// request to a loopback address, by literal or by a name resolving to it, is never sent.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { post } from '../../graph/webhooks/deliver.ts';
import { isPublicAddress } from '../../graph/webhooks/targets.ts';
import { nextAttemptAt, retryDelayMs, RETRY_WINDOW_MS } from '../../graph/webhooks/schedule.ts';

describe('webhook targets at delivery time', () => {
  it('tells public unicast addresses from private, loopback, link-local, mapped and reserved ones', () => {
    for (const a of ['93.184.215.14', '2606:4700::6810:85e5']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '224.0.0.1', 'not an address'])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('sends nothing to a loopback target, by address or by name, and follows no redirect', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(302, { location: 'https://93.184.215.14/' }).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    for (const host of ['127.0.0.1', 'localhost']) {
      const outcome = await post(new URL(`http://${host}:${port}/hooks`), {}, '{}');
      expect(outcome.status).toBeNull();
      expect(outcome.error).toMatch(/^refused: .* is a private, loopback or link-local address$/);
    }
    expect(hits).toBe(0);
    server.close();
  });
});

describe('webhook retry schedule', () => {
  it('waits exponentially longer with jitter, at most 6 hours, and stops after about 24 hours', () => {
    expect(retryDelayMs(1, 1, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(2, 1, () => 0.5)).toBe(40_000);
    expect(retryDelayMs(3, 1, () => 0)).toBe(80_000);
    expect(retryDelayMs(20, 1, () => 0.5)).toBe(6 * 3600_000);
    const made = new Date(0);
    let now = made;
    let attempts = 0;
    for (let next = nextAttemptAt(made, 1, now, 1, () => 0.5); next; next = nextAttemptAt(made, attempts + 1, now, 1, () => 0.5)) {
      attempts += 1;
      now = next;
    }
    expect(now.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(now.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 6 * 3600_000);
    expect(attempts).toBeGreaterThanOrEqual(8);
  });
});
