// Fair share between companies (docs/limits.md, "Requests at work at once"): a company's
// requests beyond its concurrency wait their turn, beyond its queue it is answered 429, and
// another company is served meanwhile. The app runs with a concurrency of 1 and a queue of 2
// so the limits are reached by a handful of requests. On the embedded database each request
// runs to its end before the next one is read (its queries do not leave the process), so no
// request ever waits there: the test runs on a PostgreSQL server.
import { errorBody } from './helpers.ts';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppServer, type AppServer } from './setup/app-server.ts';

describe.skipIf(inject('databaseKind') !== 'postgres')('requests at work at once, per company', () => {
  let app: AppServer;
  const adminToken = randomBytes(16).toString('hex');
  beforeAll(async () => {
    app = await startAppServer({ serverUrl: process.env.DATABASE_URL, adminToken, settings: { COMPANY_CONCURRENCY: '1', COMPANY_QUEUE: '2' } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const companyKey = async (name: string) => {
    const res = await fetch(`${app.baseUrl}/admin/companies`, {
      method: 'POST',
      headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return ((await res.json()) as { api_key: string }).api_key;
  };
  const send = async (key: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { 'api-key': key, 'content-type': 'application/json', locale: 'en-US' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
  };
  /** A read that takes a while: 15 pages of 100 products with their texts. */
  const slowQuery = `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: products(limit: 100) { total_count data { id code description } }`).join(' ')} }`;

  it('queues a company beyond its concurrency, answers 429 beyond its queue, and serves another company meanwhile', async () => {
    const [busy, other] = [await companyKey('Busy Co.'), await companyKey('Other Co.')];
    const params = Array.from({ length: 100 }, (_, i) => ({ code: `FS-${i}`, description: 'lorem ipsum '.repeat(300) }));
    expect((await send(busy, 'PUT', '/api/products', { params })).status).toBe(201);

    const flood = Array.from({ length: 30 }, (_, i) =>
      i % 2 ? send(busy, 'POST', '/graphql', { query: slowQuery }) : send(busy, 'GET', '/api/products?limit=100'),
    );
    const meanwhile = await send(other, 'GET', '/api/products?limit=5');
    const answers = await Promise.all(flood);

    expect(meanwhile.status).toBe(200);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // The one at work and the two that waited are served; the others were refused.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.retryAfter).toBe('1');
      if ('errors' in a.body) expect((a.body.errors as { extensions: { code: string } }[])[0].extensions.code).toBe('TOO_MANY_REQUESTS');
      else expect(a.body).toEqual(errorBody('TOO_MANY_REQUESTS', 'Too many requests. Please retry later.'));
    }
    // Both ways in meet the same limit.
    expect(answers.some((a, i) => i % 2 === 1 && a.status === 429) && answers.some((a, i) => i % 2 === 0 && a.status === 429)).toBe(true);

    // Once the flood is over the company is served again at once.
    expect((await send(busy, 'GET', '/api/products?limit=1')).status).toBe(200);
  });
});
