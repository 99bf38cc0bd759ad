// Cursor pagination of the GraphQL lists (docs/graphql.md, "Cursor pagination"): keyset pages
// that never skip or repeat a row while others write, in any sort, with nulls placed as asked;
// a forged or foreign cursor is a 400 on `after`; another company's rows never show.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

const PAGE_QUERY = `query ($first: Int, $after: String, $search: String, $order: [ProductOrderBy!]) {
  productsConnection(first: $first, after: $after, search: $search, order_by: $order) {
    edges { cursor node { id code family internal_codes { code } } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    totalCount
  }
}`;

type Page = { edges: { cursor: string; node: { id: number; code: string; family: string | null } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null; hasPreviousPage: boolean }; totalCount: number };

describe('cursor pagination', () => {
  let company: TestCompany;
  let C: ReturnType<typeof client>;
  beforeAll(async () => {
    company = await newCompany();
    C = client(company.api_key);
  });

  async function page(variables: Record<string, unknown>, key = company.api_key): Promise<Page> {
    const res = await graphql(key, PAGE_QUERY, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.productsConnection;
  }

  /** Every row of the search, page by page of `first`, calling `between` after each page. */
  async function readAll(variables: Record<string, unknown>, first: number, between: (n: number) => Promise<void> = async () => {}) {
    const seen: Page['edges'][number]['node'][] = [];
    let after: string | null = null;
    for (let n = 0; n < 100; n++) {
      const p: Page = await page({ ...variables, first, after });
      seen.push(...p.edges.map((e) => e.node));
      expect(p.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!p.pageInfo.hasNextPage) return seen;
      after = p.pageInfo.endCursor;
      await between(n);
    }
    throw new Error('more than 100 pages');
  }

  it('reads every row once in id order, page by page, with the nested selection and the total', async () => {
    const prefix = uniq('CUR-');
    const made = await C.put('/products', Array.from({ length: 25 }, (_, i) => ({ code: `${prefix}-${String(i).padStart(2, '0')}`, description: 'Cursor valve', internal_codes: [{ code: `I-${i}` }] })));
    expect(made.status).toBe(201);
    const ids = made.body.data.map((p: { id: number }) => p.id);
    const first = await page({ first: 7, search: prefix });
    expect(first.totalCount).toBe(25);
    expect(first.edges).toHaveLength(7);
    expect(first.edges[0].node).toMatchObject({ id: ids[0], code: `${prefix}-00` });
    const all = await readAll({ search: prefix }, 7);
    expect(all.map((p) => p.id)).toEqual(ids);
    expect(all.every((p: any) => p.internal_codes.length === 1)).toBe(true);
  });

  it('never skips or repeats a row while other clients add and delete rows between pages', async () => {
    const prefix = uniq('CUW-');
    const made = await C.put('/products', Array.from({ length: 30 }, (_, i) => ({ code: `${prefix}-a${i}`, description: 'Synced valve' })));
    const start: number[] = made.body.data.map((p: { id: number }) => p.id);
    const deleted = new Set<number>();
    const added: number[] = [];
    const all = await readAll({ search: prefix }, 4, async (n) => {
      // Delete a row not read yet and one already read, and add two rows.
      const later = start[start.length - 1 - n];
      const earlier = start[n];
      for (const id of [later, earlier]) {
        if (deleted.has(id)) continue;
        expect((await C.del(`/products/${id}`)).status).toBe(200);
        deleted.add(id);
      }
      const more = await C.put('/products', [0, 1].map((k) => ({ code: `${prefix}-b${n}-${k}`, description: 'Late valve' })));
      added.push(...more.body.data.map((p: { id: number }) => p.id));
    });
    const read = all.map((p) => p.id);
    expect(new Set(read).size, 'no row twice').toBe(read.length);
    // Every row that was never deleted was read, the rows added meanwhile included.
    for (const id of [...start, ...added]) if (!deleted.has(id)) expect(read, `row ${id}`).toContain(id);
  });

  it('pages a sort on a column with nulls, descending with nulls last, the same as the offset list', async () => {
    const prefix = uniq('CUN-');
    const families = ['B', null, 'A', 'C', null, 'B', null, 'A', 'C', 'B', null];
    const made = await C.put('/products', families.map((family, i) => ({ code: `${prefix}-${i}`, description: 'Sorted valve', family })));
    expect(made.status).toBe(201);
    const order = [{ field: 'family', order: 'DESC_NULLS_LAST' }];
    const all = await readAll({ search: prefix, order }, 3);
    const list = await graphql(company.api_key, 'query ($s: String, $o: [ProductOrderBy!]) { products(search: $s, order_by: $o, limit: 100) { data { id } } }', { s: prefix, o: order });
    expect(all.map((p) => p.id)).toEqual(list.body.data.products.data.map((p: { id: number }) => p.id));
    expect(all.map((p) => p.family)).toEqual(['C', 'C', 'B', 'B', 'B', 'A', 'A', null, null, null, null]);
    const nullsFirst = await readAll({ search: prefix, order: [{ field: 'family', order: 'ASC_NULLS_FIRST' }] }, 2);
    expect(nullsFirst.map((p) => p.family)).toEqual([null, null, null, null, 'A', 'A', 'B', 'B', 'B', 'C', 'C']);
  });

  it("refuses a forged cursor, a cursor of another sort and an out-of-range first with 400 on the argument, and never shows another company's rows", async () => {
    const prefix = uniq('CUX-');
    await C.put('/products', Array.from({ length: 3 }, (_, i) => ({ code: `${prefix}-${i}`, description: 'Own valve' })));
    const cursor = (await page({ first: 1, search: prefix })).pageInfo.endCursor!;
    const forged = Buffer.from(JSON.stringify({ sort: 'id:al', values: ["1'; DROP TABLE products; --"] })).toString('base64url');
    for (const [variables, name] of [
      [{ first: 1, after: 'not-a-cursor' }, 'after'],
      [{ first: 1, after: forged }, 'after'],
      [{ first: 1, after: cursor, order: [{ field: 'code' }] }, 'after'],
      [{ first: 0 }, 'first'],
      [{ first: 101 }, 'first'],
    ] as const) {
      const res = await graphql(company.api_key, PAGE_QUERY, { search: prefix, ...variables });
      expect(res.body.errors?.[0]?.extensions, JSON.stringify(res.body)).toMatchObject({ code: 'BAD_REQUEST', fields: [expect.objectContaining({ name })] });
    }
    const other = await newCompany();
    const theirs = await page({ first: 100, after: cursor, search: prefix }, other.api_key);
    expect(theirs.edges).toEqual([]);
    expect(theirs.totalCount).toBe(0);
  });

  it('reads a page of orders with their lines in the same number of SQL statements whatever its size', async () => {
    const product = uniq('CUP-');
    expect((await C.post('/products', { code: product, description: 'Paged pump' })).status).toBe(201);
    const prefix = uniq('CUO-');
    const path = `/operations/${company.operation.id}/orders`;
    const made = await C.put(path, Array.from({ length: 100 }, (_, i) => ({
      reference_code: `${prefix}-${i}`,
      purchase_order: { type: 'DIRECT', items: [10, 20].map((line) => ({ line_reference: String(line), product_code: product, quantity: '3' })) },
    })));
    expect(made.status, JSON.stringify(made.body).slice(0, 300)).toBe(200);
    const query = `query ($op: Int!, $first: Int, $s: String) { ordersConnection(operation_id: $op, first: $first, search: $s) {
      edges { cursor node { id reference_code purchase_order { items { line_reference quantity product { code } } } } } pageInfo { hasNextPage } } }`;
    const counts: number[] = [];
    for (const first of [1, 1, 20, 100]) {
      const res = await fetch(`${baseUrl()}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'api-key': company.api_key },
        body: JSON.stringify({ query, variables: { op: company.operation.id, first, s: prefix } }),
      });
      const body = await res.json();
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      expect(body.data.ordersConnection.edges).toHaveLength(first);
      expect(body.data.ordersConnection.edges[0].node.purchase_order.items).toHaveLength(2);
      counts.push(Number(res.headers.get('x-sql-statements')));
    }
    // The first request warms the key's cache.
    expect(counts[1]).toBeGreaterThan(0);
    expect(new Set(counts.slice(1)).size, `statements at 1, 20, 100 rows: ${counts.slice(1).join(', ')}`).toBe(1);
  });
});
