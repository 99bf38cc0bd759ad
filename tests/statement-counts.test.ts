// Every list route reads a page in the same number of SQL statements whatever its size
// (docs/decisions/009-relation-loading.md): the `x-sql-statements` header (SQL_STATS) of a page
// of 1, 20 and 100 rows, each row with its nested lists filled. Products, orders and
// processes have their own tests (tests/products.test.ts, orders.test.ts, processes.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';
import { startReceiver } from './webhooks/receiver.ts';

const SIZES = [1, 20, 100];

describe('statements per list page', () => {
  let company: TestCompany;
  let C: ReturnType<typeof client>;
  beforeAll(async () => {
    company = await newCompany();
    C = client(company.api_key);
  });

  /** The statements of one page of `path` at each size, after one request that warms the key's cache. */
  async function counts(path: string, query = ''): Promise<number[]> {
    await C.get(path, `limit=1&${query}`);
    const out: number[] = [];
    for (const limit of SIZES) {
      const res = await C.get(path, `limit=${limit}&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data, path).toHaveLength(limit);
      out.push(Number(res.headers.get('x-sql-statements')));
    }
    return out;
  }
  const same = (list: number[]) => expect(new Set(list).size, `statements at ${SIZES.join(', ')} rows: ${list.join(', ')}`).toBe(1);

  it('actors, each with its roles', async () => {
    for (let i = 0; i < 100; i++) {
      const res = await C.post('/partnerships', { name: uniq('Partner '), internal_code: uniq('P-'), roles: [{ role: 'SUPPLIER' }, { role: 'BANK' }] });
      expect(res.status).toBe(201);
    }
    same(await counts('/actors'));
  });

  it('events, webhook endpoints and deliveries', async () => {
    const receiver = await startReceiver();
    try {
      const endpoints: number[] = [];
      for (let i = 0; i < 100; i++) endpoints.push((await C.post('/webhooks', { url: `${receiver.url}/${i}`, events: i === 0 ? ['product.created'] : ['order.created'] })).body.data.id);
      const made = await C.put('/products', Array.from({ length: 100 }, (_, i) => ({ code: uniq(`SC-${i}-`), description: 'Counted valve' })));
      expect(made.status).toBe(201);
      same(await counts('/events'));
      same(await counts('/webhooks'));
      await receiver.until((list) => list.length >= 100, 30_000);
      same(await counts(`/webhooks/${endpoints[0]}/deliveries`));
    } finally {
      await receiver.close();
    }
  });

  it('routes, each with its points', async () => {
    for (let i = 0; i < 100; i++) {
      const res = await graphql(company.api_key, 'mutation ($p: RouteParams!) { createRoute(params: $p) { id } }', {
        p: { name: uniq('Route '), points: [{ position: 1, route_type: 'LOADING', name: 'Plant' }, { position: 2, route_type: 'UNLOADING', name: 'Port' }] },
      });
      expect(res.body.errors).toBeUndefined();
    }
    same(await counts('/routes'));
  });
});
