import pg from 'pg';
import { inject, describe, expect, it } from 'vitest';
import { client, newCompany } from './helpers.ts';

// Only a PostgreSQL server can be taken away from under the app; the embedded database
// lives inside the app process.
describe.skipIf(inject('databaseKind') !== 'postgres')('when the database fails', () => {
  it('answers 500 INTERNAL_SERVER_ERROR without a stack trace, and serves again once the database is back', async () => {
    const co = await newCompany();
    const C = client(co.api_key);
    expect((await C.get('/products')).status).toBe(200);
    const url = new URL(inject('databaseUrl'));
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const down = await C.get('/products', 'locale=en-US');
      expect(down.status).toBe(500);
      expect(down.body).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error.' });
      const write = await C.post('/products', { code: 'DOWN-1', description: 'x' });
      expect(write.status).toBe(500);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    let back = await C.get('/products');
    for (let i = 0; i < 20 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      back = await C.get('/products');
    }
    expect(back.status).toBe(200);
    expect((await C.post('/products', { code: 'UP-1', description: 'x' })).status).toBe(201);
  });
});
