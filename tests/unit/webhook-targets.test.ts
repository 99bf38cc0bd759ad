// Delivery-time checks of a target (graph/webhooks/deliver.ts): with the default setting, a
// request to a loopback address, by literal or by a name resolving to it, is never sent.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { post } from '../../graph/webhooks/deliver.ts';
import { isPublicAddress, normalizedTarget, parseTarget } from '../../graph/webhooks/targets.ts';
import { failureText, REFUSED_TARGET } from '../../graph/webhooks/failures.ts';
import { refusedIPv6 } from '../webhooks/ipv6-forms.ts';
import { nextAttemptAt, retryDelayMs, RETRY_WINDOW_MS } from '../../graph/webhooks/schedule.ts';

describe('webhook targets at delivery time', () => {
  it('tells public unicast addresses from private, loopback, link-local, mapped and reserved ones', () => {
    for (const a of ['93.184.215.14', '2606:4700::6810:85e5']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '224.0.0.1', 'not an address'])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it.each(refusedIPv6)('refuses an IPv6 address of the form: %s (%s)', (_form, address) => {
    expect(isPublicAddress(address)).toBe(false);
    // As a URL host, written as the URL parser serializes it (`[::7f00:1]`), as the guard sees it.
    const url = parseTarget(`http://[${address}]/`);
    expect(url).not.toBe('invalid');
    expect(isPublicAddress((url as URL).hostname.slice(1, -1))).toBe(false);
  });

  it('judges an IPv6 address that carries a public IPv4 address by that address: mapped, NAT64, 6to4 and Teredo of public ones pass', () => {
    for (const a of ['::ffff:93.184.215.14', '64:ff9b::93.184.215.14', '2002:5db8:d70e::1', '2001:0:5db8:d70e:0:0:a247:28f1'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('normalizes a URL as the WHATWG URL standard serializes it, without its fragment', () => {
    const normalized = (text: string) => normalizedTarget(parseTarget(text) as URL);
    expect(normalized('HTTPS://Hooks.Example.COM:443/a/./b/../c?x=1#frag')).toBe('https://hooks.example.com/a/c?x=1');
    expect(normalized('http://example.com:80')).toBe('http://example.com/');
    expect(normalized('http://example.com:8080/x')).toBe('http://example.com:8080/x');
    expect(normalized('https://bücher.example/ü path')).toBe('https://xn--bcher-kva.example/%C3%BC%20path');
    expect(normalized('http://[0:0:0:0:0:0:0:1]/')).toBe('http://[::1]/');
    expect(normalized('http://0x7f.1/')).toBe('http://127.0.0.1/');
  });

  it('records a failed attempt without the address its host resolved to', () => {
    const noAnswer = 'no answer within 10 s';
    const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
    expect(failureText(coded('connect ECONNREFUSED 10.0.0.5:443', 'ECONNREFUSED'), noAnswer)).toBe('the connection was refused');
    expect(failureText(coded('connect EHOSTUNREACH 10.0.0.5:443', 'EHOSTUNREACH'), noAnswer)).toBe('the host is unreachable');
    expect(failureText(coded('connect ETIMEDOUT 10.0.0.5:443', 'ETIMEDOUT'), noAnswer)).toBe(noAnswer);
    expect(failureText(coded('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'), noAnswer)).toBe(REFUSED_TARGET);
    expect(failureText(coded("Hostname/IP does not match certificate's altnames: IP: 10.0.0.5", 'ERR_TLS_CERT_ALTNAME_INVALID'), noAnswer)).not.toMatch(/10\.0/);
    expect(failureText(coded('certificate has expired', 'CERT_HAS_EXPIRED'), noAnswer)).toBe('the TLS connection failed (CERT_HAS_EXPIRED)');
    expect(failureText(coded('anything 10.0.0.5', 'weird code 10.0.0.5'), noAnswer)).toBe('the request failed');
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
      expect(outcome.error).toBe(REFUSED_TARGET);
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
