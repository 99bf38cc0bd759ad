import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppServer, withDatabase, type AppServer } from './setup/app-server.ts';

// Only a PostgreSQL server can be taken away from under the app (the embedded database lives
// inside the app process). The test runs its own app on its own database, so breaking that
// database disturbs no other test.
describe.skipIf(inject('databaseKind') !== 'postgres')('when the database fails', () => {
  let app: AppServer;
  const adminToken = randomBytes(16).toString('hex');
  beforeAll(async () => {
    app = await startAppServer({ serverUrl: process.env.DATABASE_URL, adminToken });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const call = async (method: string, path: string, key: string, body?: unknown) => {
    const res = await fetch(`${app.baseUrl}/api${path}`, {
      method,
      headers: { 'api-key': key, 'content-type': 'application/json', locale: 'en-US' },
      body: body === undefined ? undefined : JSON.stringify({ params: body }),
    });
    return { status: res.status, body: await res.json() };
  };

  it('answers 500 INTERNAL_SERVER_ERROR without a stack trace, and serves again once the database is back', async () => {
    const created = await fetch(`${app.baseUrl}/admin/companies`, {
      method: 'POST',
      headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Resilient Co.' }),
    });
    const { api_key: key } = await created.json();
    expect((await call('GET', '/products', key)).status).toBe(200);
    const url = new URL(app.databaseUrl);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: withDatabase(app.databaseUrl, 'postgres') });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const down = await call('GET', '/products', key);
      expect(down.status).toBe(500);
      expect(down.body).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error.' });
      expect((await call('POST', '/products', key, { code: 'DOWN-1', description: 'x' })).status).toBe(500);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    let back = await call('GET', '/products', key);
    for (let i = 0; i < 20 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      back = await call('GET', '/products', key);
    }
    expect(back.status).toBe(200);
    expect((await call('POST', '/products', key, { code: 'UP-1', description: 'x' })).status).toBe(201);
    expect((await call('GET', '/products/0', key)).status).toBe(404);
  });
});
