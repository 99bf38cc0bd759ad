import { errorBody } from './helpers.ts';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startAppServer, withDatabase, type AppServer } from './setup/app-server.ts';

/** Creates a company on a test's own app server; answers its API key. */
async function companyKey(app: AppServer, adminToken: string, name: string): Promise<string> {
  const created = await fetch(`${app.baseUrl}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await created.json()) as { api_key: string }).api_key;
}

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
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  };

  // docs/limits.md, Database unavailable: a database that refuses connections answers 503.
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After without a stack trace, and serves again once the database is back', async () => {
    const key = await companyKey(app, adminToken, 'Resilient Co.');
    expect((await call('GET', '/products', key)).status).toBe(200);
    const url = new URL(app.databaseUrl);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: withDatabase(app.databaseUrl, 'postgres') });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const down = await call('GET', '/products', key);
      expect(down.status).toBe(503);
      expect(down.retryAfter).toBe('1');
      expect(down.body).toEqual(errorBody('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please retry shortly.'));
      expect((await call('POST', '/products', key, { code: 'DOWN-1', description: 'x' })).status).toBe(503);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await vi.waitFor(async () => expect((await call('GET', '/products', key)).status).toBe(200), { timeout: 20_000, interval: 250 });
    expect((await call('POST', '/products', key, { code: 'UP-1', description: 'x' })).status).toBe(201);
    expect((await call('GET', '/products/0', key)).status).toBe(404);
  });

  // The same when the database itself is gone (renamed here; dropped alike): 3D000, not a 500 per request.
  it('answers 503 while its database does not exist, and serves again once it is back', async () => {
    const key = await companyKey(app, adminToken, 'Renamed Co.');
    expect((await call('GET', '/products', key)).status).toBe(200);
    const name = new URL(app.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: withDatabase(app.databaseUrl, 'postgres') });
    await admin.connect();
    const away = `${name}_away`;
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await admin.query(`ALTER DATABASE ${name} RENAME TO ${away}`);
      const down = await call('GET', '/products', key);
      expect(down.status).toBe(503);
      expect(down.body).toEqual(errorBody('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please retry shortly.'));
      expect((await call('POST', '/products', key, { code: 'GONE-1', description: 'x' })).status).toBe(503);
    } finally {
      await admin.query(`ALTER DATABASE ${away} RENAME TO ${name}`).catch(() => undefined);
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await vi.waitFor(async () => expect((await call('GET', '/products', key)).status).toBe(200), { timeout: 20_000, interval: 250 });
    expect((await call('POST', '/products', key, { code: 'BACK-1', description: 'x' })).status).toBe(201);
  });
});

// A statement that runs past STATEMENT_TIMEOUT_MS is canceled and its request answers 503
// (docs/limits.md). A lock held from outside makes any statement on that table wait.
describe.skipIf(inject('databaseKind') !== 'postgres')('when a statement runs past the statement timeout', () => {
  let app: AppServer;
  const adminToken = randomBytes(16).toString('hex');
  beforeAll(async () => {
    const before = process.env.STATEMENT_TIMEOUT_MS;
    process.env.STATEMENT_TIMEOUT_MS = '400';
    try {
      app = await startAppServer({ serverUrl: process.env.DATABASE_URL, adminToken });
    } finally {
      if (before === undefined) delete process.env.STATEMENT_TIMEOUT_MS;
      else process.env.STATEMENT_TIMEOUT_MS = before;
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After to reads and writes, REST and GraphQL, and serves again once the statement can run', async () => {
    const key = await companyKey(app, adminToken, 'Patient Co.');
    const rest = (method: string, body?: unknown) =>
      fetch(`${app.baseUrl}/api/products`, { method, headers: { 'api-key': key, 'content-type': 'application/json', locale: 'en-US' }, body: body === undefined ? undefined : JSON.stringify({ params: body }) });
    expect((await rest('GET')).status).toBe(200);
    const holder = new pg.Client({ connectionString: app.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      for (const res of [await rest('GET'), await rest('POST', { code: 'SLOW-1', description: 'x' })]) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('1');
        expect(await res.json()).toEqual(errorBody('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please retry shortly.'));
      }
      const g = await fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers: { 'api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ products { total_count } }' }) });
      expect(g.status).toBe(503);
      expect((await g.json()).errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect((await rest('GET')).status).toBe(200);
    expect((await rest('POST', { code: 'SLOW-1', description: 'x' })).status).toBe(201);
  });
});
