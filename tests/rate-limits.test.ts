// Rate limits per API key (docs/limits.md, Rate limits): headers on every API answer, 429 with
// Retry-After and the catalogue body beyond a limit, writes limited apart, one key's limit
// never touching another's. The app runs with 8 points a second per key, a write costing 4.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorBody } from './helpers.ts';
import { startAppServer, type AppServer } from './setup/app-server.ts';

describe('rate limits per API key', () => {
  let app: AppServer;
  const adminToken = randomBytes(16).toString('hex');
  beforeAll(async () => {
    app = await startAppServer({ serverUrl: process.env.DATABASE_URL || undefined, adminToken, settings: { RATE_LIMIT_REQUESTS: '8', RATE_LIMIT_UNAUTHENTICATED: '10' } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const companyKey = async () => {
    const res = await fetch(`${app.baseUrl}/admin/companies`, {
      method: 'POST',
      headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Limited Co.' }),
    });
    return ((await res.json()) as { api_key: string }).api_key;
  };
  const send = async (key: string, method = 'GET', path = '/api/products', body?: unknown) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { 'api-key': key, 'content-type': 'application/json', locale: 'en-US' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };
  const nextWindow = () => new Promise((r) => setTimeout(r, 1_100));

  it('tells every API answer its policy and what is left, and refuses a burst beyond it with 429', async () => {
    const key = await companyKey();
    await nextWindow();
    const first = await send(key);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"requests";q=8;w=1');
    expect(first.headers.get('ratelimit')).toMatch(/^"requests";r=7;t=1$/);

    const started = Date.now();
    const burst = await Promise.all(Array.from({ length: 30 }, () => send(key)));
    const refused = burst.filter((a) => a.status === 429);
    // At most 8 fit in each one-second window the burst falls across: 16 of the 30 when it
    // takes under a second, more on a machine so busy that it spans more windows.
    const windows = Math.ceil((Date.now() - started) / 1000) + 1;
    expect(burst.length - refused.length).toBeLessThanOrEqual(8 * windows);
    expect(refused.length).toBeGreaterThanOrEqual(30 - 8 * windows);
    expect(burst.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    for (const a of refused) {
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(a.headers.get('ratelimit')).toMatch(/^"requests";r=0;t=1$/);
      expect(a.body).toEqual(errorBody('TOO_MANY_REQUESTS', 'Too many requests. Please retry later.'));
    }
    // Another key is counted apart; GraphQL counts too, and answers in its own shape.
    const other = await companyKey();
    expect((await send(other)).status).toBe(200);
    const graphql = await Promise.all(Array.from({ length: 20 }, () => send(other, 'POST', '/graphql', { query: '{ __typename }' })));
    const refusedQuery = graphql.find((a) => a.status === 429);
    expect(refusedQuery?.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    // The next window serves again.
    await nextWindow();
    expect((await send(key)).status).toBe(200);
  });

  it('counts a REST write as four requests, and writes nothing for a refused one', async () => {
    const key = await companyKey();
    await nextWindow();
    const codes = Array.from({ length: 8 }, (_, i) => `RL-${randomBytes(3).toString('hex')}-${i}`);
    const writes = await Promise.all(codes.map((code) => send(key, 'POST', '/api/products', { params: { code, description: 'Valve' } })));
    const created = writes.filter((w) => w.status === 201);
    // Two writes fit in a window of 8 points; however the burst falls across windows, at most 4 of the 8 fit.
    expect(created.length).toBeLessThanOrEqual(4);
    expect(writes.filter((w) => w.status === 429).length).toBe(8 - created.length);
    for (const w of writes) expect(w.headers.get('ratelimit-policy')).toBe('"requests";q=8;w=1');
    const kept = writes.find((w) => w.status === 201)!;
    expect(kept.headers.get('ratelimit')).toMatch(/^"requests";r=[04];t=1$/);
    await nextWindow();
    const listed = await send(key, 'GET', '/api/products?limit=100');
    expect(listed.body.total_count).toBe(created.length);
  });

  it('throttles calls without a valid key per client address with 429 and Retry-After, while a valid key from that address is served', async () => {
    const key = await companyKey();
    const madeUp = () => `tt_${randomBytes(6).toString('hex')}_${randomBytes(24).toString('base64url')}`;
    await nextWindow();
    const flood = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? send(madeUp(), 'POST', '/graphql', { query: '{ __typename }' }) : send(i % 3 === 1 ? madeUp() : '', 'GET', '/api/products'))),
    );
    expect(flood.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    const refused = flood.filter((a) => a.status === 429);
    // 10 a second from one address; however the flood falls across windows, at most 30 of the 60 fit.
    expect(refused.length).toBeGreaterThanOrEqual(30);
    for (const a of refused) {
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(a.body.code ?? a.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    }
    // The address is over its limit, yet a valid key is served (and counted as its own).
    expect((await send(key)).status).toBe(200);
    // The next window serves, and answers 401, again.
    await nextWindow();
    expect((await send(madeUp())).status).toBe(401);
  });

  it.skipIf(inject('databaseKind') !== 'postgres')('keeps the counts in the database, where every process of the server shares them', async () => {
    const key = await companyKey();
    expect((await send(key)).status).toBe(200);
    const prefix = key.split('_')[1];
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT key, points FROM rate_limits WHERE key = $1', [`requests:${prefix}`]);
      expect(rows).toEqual([{ key: `requests:${prefix}`, points: 1 }]);
      // A write spends four more.
      expect((await send(key, 'POST', '/api/products', { params: { code: `RL-${prefix}`, description: 'Valve' } })).status).toBe(201);
      const after = await db.query('SELECT points FROM rate_limits WHERE key = $1', [`requests:${prefix}`]);
      expect(after.rows[0].points === 5 || after.rows[0].points === 4).toBe(true);
    } finally {
      await db.end();
    }
  });
});
