// A server of its own with the default setting: private targets refused (the shared test
// server allows them, for the local receivers of the other tests).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../setup/app-server.ts';
import { sameAnswer } from '../helpers.ts';
import { refusedIPv6 } from './ipv6-forms.ts';

/** The one answer of every refused host (docs/webhooks.md, "Where deliveries may go"). */
const REFUSED = [{ name: 'url', message: 'must resolve to public addresses only' }];

describe('webhook targets on a server that refuses private addresses', () => {
  let app: AppServer;
  let key: string;
  const adminToken = randomBytes(16).toString('hex');
  // A database of its own, migrated from nothing: as slow to start as startAppServer allows.
  beforeAll(async () => {
    app = await startAppServer({ serverUrl: process.env.DATABASE_URL || undefined, adminToken, settings: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' } });
    const created = await fetch(`${app.baseUrl}/admin/companies`, {
      method: 'POST',
      headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Private targets' }),
    });
    key = ((await created.json()) as { api_key: string }).api_key;
  }, 300_000);
  afterAll(() => app?.stop());

  const register = (url: string) =>
    fetch(`${app.baseUrl}/api/webhooks?locale=en-US`, {
      method: 'POST',
      headers: { 'api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ params: { url, events: ['*'] } }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { fields?: unknown; data?: { url: string } } }));

  it('refuses loopback, private, link-local and unspecified targets, by address or by a name resolving to one, with 422 on url', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://localhost/hooks',
      'https://10.1.2.3/hooks',
      'https://192.168.0.10/hooks',
      'https://172.16.5.4/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hooks',
      'http://[fe80::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://0.0.0.0/hooks',
    ]) {
      const res = await register(url);
      expect(res.status, url).toBe(422);
      expect(res.body.fields, url).toEqual(REFUSED);
    }
  });

  it('refuses every IPv6 form of a non-public target with the one message: IPv4-compatible, mapped, NAT64, 6to4, Teredo, unique-local, link-local, loopback, unspecified', async () => {
    for (const [form, address] of refusedIPv6) {
      const res = await register(`http://[${address}]/hooks`);
      expect(res.status, form).toBe(422);
      expect(res.body.fields, form).toEqual(REFUSED);
    }
  });

  it('answers a host that does not resolve exactly as a host that resolves to a private address', async () => {
    const unresolvable = await register('https://nowhere.invalid/hooks');
    const privateName = await register('https://localhost/hooks');
    expect(unresolvable.status).toBe(422);
    expect(sameAnswer(unresolvable.body)).toEqual(sameAnswer(privateName.body));
    expect(unresolvable.body.fields).toEqual(REFUSED);
  });

  it('accepts public addresses, IPv4 and IPv6, and IPv6 forms of a public IPv4 address, and stores the URL normalized', async () => {
    for (const [sent, stored] of [
      ['https://93.184.215.14/hooks', 'https://93.184.215.14/hooks'],
      ['HTTPS://[2606:4700:0:0:0:0:6810:85E5]:443/hooks#x', 'https://[2606:4700::6810:85e5]/hooks'],
      ['http://[::ffff:93.184.215.14]:80/a/../hooks', 'http://[::ffff:5db8:d70e]/hooks'],
      ['https://[64:ff9b::93.184.215.14]/hooks', 'https://[64:ff9b::5db8:d70e]/hooks'],
      ['https://[2002:5db8:d70e::1]/hooks', 'https://[2002:5db8:d70e::1]/hooks'],
    ]) {
      const res = await register(sent);
      expect(res.status, sent).toBe(201);
      expect(res.body.data?.url, sent).toBe(stored);
    }
  });
});
