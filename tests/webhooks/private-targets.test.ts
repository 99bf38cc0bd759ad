// A server of its own with the default setting: private targets refused (the shared test
// server allows them, for the local receivers of the other tests).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../setup/app-server.ts';

describe('webhook targets on a server that refuses private addresses', () => {
  let app: AppServer;
  let key: string;
  const adminToken = randomBytes(16).toString('hex');
  beforeAll(async () => {
    app = await startAppServer({ serverUrl: process.env.DATABASE_URL || undefined, adminToken, settings: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' } });
    const created = await fetch(`${app.baseUrl}/admin/companies`, {
      method: 'POST',
      headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Private targets' }),
    });
    key = ((await created.json()) as { api_key: string }).api_key;
  });
  afterAll(() => app?.stop());

  const register = (url: string) =>
    fetch(`${app.baseUrl}/api/webhooks?locale=en-US`, {
      method: 'POST',
      headers: { 'api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ params: { url, events: ['*'] } }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { fields?: unknown } }));

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
      expect(res.body.fields, url).toEqual([{ name: 'url', message: 'must not be a private, loopback or link-local address' }]);
    }
  });

  it('accepts a public address', async () => {
    expect((await register('https://93.184.215.14/hooks')).status).toBe(201);
  });
});
