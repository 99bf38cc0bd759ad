// List counts are capped (docs/limits.md, "Counts"; docs/decisions/017-capped-counts.md): up to
// 10,000 matching rows `total_count` is exact; beyond that it answers 10,000 with
// `total_count_exact` false, in REST (which names the flag only then), in GraphQL lists and in
// connections (`totalCount`, `totalCountExact`), filters and search included.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

const CAP = 10_000;

describe('list counts', () => {
  let company: TestCompany;
  let C: ReturnType<typeof client>;
  let prefix: string;

  beforeAll(async () => {
    company = await newCompany();
    C = client(company.api_key);
    prefix = uniq('CNT-');
    // CAP + 1 products: 11 batches of 1,000 and one of 1 (docs/limits.md, "Batches").
    for (let from = 0; from <= CAP; from += 1000) {
      const size = Math.min(1000, CAP + 1 - from);
      const res = await C.put('/products', Array.from({ length: size }, (_, i) => ({ code: `${prefix}${from + i}`, description: from + i < 3 ? 'Rare gasket' : 'Common bolt' })));
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    }
  }, 600_000);

  it('answers the exact count up to the cap: REST as ever, GraphQL with total_count_exact true', async () => {
    const few = await C.get('/products', 'limit=1&search=Rare gasket');
    expect(few.status).toBe(200);
    // REST names the flag only when the count stopped at the cap: an exact count answers as it always did.
    expect(few.body).toEqual({ data: [expect.objectContaining({ description: 'Rare gasket' })], total_count: 3, next_cursor: expect.any(String) });
    expect(few.body.data).toHaveLength(1);
    const ids = (await C.get('/products', 'limit=100&search=Common bolt')).body.data.slice(0, 5).map((p: { id: number }) => p.id);
    const some = await graphql(company.api_key, `{ products(limit: 2, ids: [${ids.join(',')}]) { total_count total_count_exact } }`);
    expect(some.body).toEqual({ data: { products: { total_count: 5, total_count_exact: true } } });
    const q = await graphql(company.api_key, '{ products(limit: 1, search: "Rare gasket") { total_count total_count_exact } productsConnection(first: 1, search: "Rare gasket") { totalCount totalCountExact } }');
    expect(q.body).toEqual({ data: { products: { total_count: 3, total_count_exact: true }, productsConnection: { totalCount: 3, totalCountExact: true } } });
  });

  it('answers the cap and total_count_exact false beyond it, with the page read as ever', async () => {
    const all = await C.get('/products', 'limit=2');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total_count: CAP, total_count_exact: false });
    expect(all.body.data).toHaveLength(2);
    expect(all.body.next_cursor).toEqual(expect.any(String));
    const common = await C.get('/products', 'limit=1&search=Common bolt');
    expect(common.body).toMatchObject({ total_count: CAP - 2 });
    expect(common.body).not.toHaveProperty('total_count_exact');
    const q = await graphql(company.api_key, '{ products(limit: 1) { total_count total_count_exact } productsConnection(first: 1) { totalCount totalCountExact edges { node { code } } } }');
    expect(q.body.errors).toBeUndefined();
    expect(q.body.data.products).toEqual({ total_count: CAP, total_count_exact: false });
    expect(q.body.data.productsConnection).toMatchObject({ totalCount: CAP, totalCountExact: false });
    expect(q.body.data.productsConnection.edges).toHaveLength(1);
    // Asked alone, a connection's count reads no page.
    const alone = await graphql(company.api_key, '{ productsConnection { totalCountExact } }');
    expect(alone.body).toEqual({ data: { productsConnection: { totalCountExact: false } } });
  });

  it('counts exactly again once rows leave the list', async () => {
    const last = await C.get('/products', `limit=1&search=${prefix}${CAP}`);
    expect(last.body.data).toHaveLength(1);
    const deleted = await C.del(`/products/${last.body.data[0].id}`);
    expect(deleted.status).toBe(200);
    const all = await C.get('/products', 'limit=1');
    expect(all.body).toMatchObject({ total_count: CAP });
    expect(all.body).not.toHaveProperty('total_count_exact');
  });
});
