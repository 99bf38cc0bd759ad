// A list page read in one statement (docs/decisions/019-assembled-pages.md, "One statement"): the
// product list's keys, rows and count come from one SQL statement, with no snapshot transaction,
// and answer exactly what the field-by-field read answers (keys, count and rows each by their
// own statement), for every kind of filter, search, sort, offset and cursor the list takes.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';
import { fieldByField, routeDocument } from './setup/route-documents.ts';

// A literal page size: /graphql weighs a variable one at its largest (docs/limits.md, query cost).
// The route's document, with `ids` (a GraphQL argument of every list) beside its filters.
const document = routeDocument('ProductsList')
  .replace('$limit: Int, ', '')
  .replace('limit: $limit', 'limit: 4')
  .replace('$filters: ProductFilters)', '$filters: ProductFilters, $ids: [Int!])')
  .replace('filters: $filters', 'filters: $filters\n    ids: $ids');
const plainDocument = fieldByField(document, 'Product');

type Page = { data: ({ id: number } & Record<string, unknown>)[]; total_count: number; total_count_exact: boolean; next_cursor: string | null };

describe('the product list read in one statement', () => {
  let company: TestCompany;
  const family = uniq('Fam-');

  beforeAll(async () => {
    company = await newCompany(uniq('One statement '));
    const C = client(company.api_key);
    // One by one, so that their times differ; text with LIKE's wildcards, nulls in sortable columns, ties.
    const rows = [
      { code: uniq('A-'), description: 'Brass VALVE 100%', category: 'Valves', manufacturer: 'Acme' },
      { code: uniq('B-'), description: 'brass valve_2', category: 'Valves', manufacturer: null },
      { code: uniq('C-'), description: 'Steel pipe', category: null, manufacturer: 'Acme' },
      { code: uniq('D-'), description: 'Steel pipe', category: 'Pipes', manufacturer: 'Borg' },
      { code: uniq('E-'), description: 'Rubber seal', category: null, manufacturer: null },
      { code: uniq('F-'), description: 'Copper wire', category: 'Wires', manufacturer: 'Acme' },
      { code: uniq('G-'), description: 'Valve body 100 percent', category: 'Valves', manufacturer: 'Borg' },
      { code: uniq('H-'), description: 'Pump', category: 'Pumps', manufacturer: 'Acme', internal_codes: [{ code: uniq('IC-'), description: 'shelf 4' }] },
      { code: uniq('I-'), description: 'Gasket', category: 'Seals', manufacturer: 'Borg', package_type: 'BOXES' },
    ];
    for (const row of rows) expect((await C.post('/products', { ...row, family, mercosul_code: '84818099' })).status).toBe(201);
    // One deleted: never listed.
    const gone = await C.post('/products', { code: uniq('Z-'), description: 'Brass valve, deleted', family });
    expect((await C.del(`/products/${gone.body.data.id}`)).status).toBe(200);
  });

  /** Every page of a list read both ways, following `next_cursor` (a page by offset alone): the two must be equal, page by page. */
  async function everyPage(variables: Record<string, unknown>): Promise<Page[]> {
    const pages: Page[] = [];
    let after: string | null = null;
    do {
      const vars: Record<string, unknown> = { ...variables, ...(after ? { after } : {}) };
      const one = await graphql(company.api_key, document, vars);
      const plain = await graphql(company.api_key, plainDocument, vars);
      expect(one.body.errors, JSON.stringify(vars)).toBeUndefined();
      expect(plain.body.errors, JSON.stringify(vars)).toBeUndefined();
      const page = one.body.data.products as Page;
      const { data, ...rest } = plain.body.data.products as Page;
      expect(data.map(({ row_id, ...row }) => (expect(row_id).toBe(row.id), row)), JSON.stringify(vars)).toEqual(page.data);
      expect(rest, JSON.stringify(vars)).toEqual({ total_count: page.total_count, total_count_exact: page.total_count_exact, next_cursor: page.next_cursor });
      // One statement, against the several of the field-by-field read on its snapshot.
      expect(Number(one.headers.get('x-sql-statements')), JSON.stringify(vars)).toBeLessThan(Number(plain.headers.get('x-sql-statements')));
      pages.push(page);
      after = variables.offset === undefined ? page.next_cursor : null;
    } while (after && pages.length < 10);
    return pages;
  }

  const codes = (pages: Page[]) => pages.flatMap((p) => p.data.map((r) => r.code as string));

  it('answers every page, count and cursor as the field-by-field read does, under every sort', async () => {
    const all = codes(await everyPage({ filters: { family } }));
    expect(all).toHaveLength(9);
    for (const order_by of [
      [{ field: 'category', order: 'ASC_NULLS_FIRST' }],
      [{ field: 'category', order: 'DESC_NULLS_LAST' }, { field: 'code', order: 'DESC' }],
      [{ field: 'manufacturer', order: 'DESC' }],
      [{ field: 'inserted_at', order: 'DESC' }],
      [{ field: 'updated_at' }, { field: 'description' }],
    ]) {
      const sorted = codes(await everyPage({ filters: { family }, order_by }));
      expect(new Set(sorted), JSON.stringify(order_by)).toEqual(new Set(all));
    }
  });

  it('answers searches (their wildcards literal), filters, ids and offsets as the field-by-field read does', async () => {
    const valves = codes(await everyPage({ filters: { family }, search: 'VALVE' }));
    expect(valves).toHaveLength(3);
    expect(codes(await everyPage({ filters: { family }, search: '100%' }))).toHaveLength(1);
    expect(codes(await everyPage({ filters: { family }, search: 'valve_' }))).toHaveLength(1);
    expect(codes(await everyPage({ filters: { family, category: 'Valves', manufacturer: 'Acme' } }))).toHaveLength(1);
    expect(codes(await everyPage({ filters: { family, category: 'Nothing' } }))).toEqual([]);
    const first = (await graphql(company.api_key, document, { filters: { family } })).body.data.products.data as { id: number }[];
    expect(codes(await everyPage({ ids: [first[2].id, first[0].id, 2_147_483_000] }))).toHaveLength(2);
    for (const offset of [0, 3, 8, 9, 20]) {
      const [page] = await everyPage({ filters: { family }, offset, order_by: [{ field: 'code', order: 'DESC' }] });
      expect(page.data.length, `offset ${offset}`).toBe(Math.max(0, Math.min(4, 9 - offset)));
    }
  });

  it('reads a REST page in one statement, counted without a snapshot', async () => {
    const C = client(company.api_key);
    await C.get('/products', 'limit=1'); // warms the key cache: the counts below are the list's own
    const page = await C.get('/products', `limit=3&filters[family]=${family}`);
    expect(page.status).toBe(200);
    expect(page.body.total_count).toBe(9);
    expect(page.body.data).toHaveLength(3);
    expect(Number(page.headers.get('x-sql-statements'))).toBe(1);
    const next = await C.get('/products', `limit=3&filters[family]=${family}&after=${encodeURIComponent(page.body.next_cursor)}`);
    expect(next.body.data.map((r: { id: number }) => r.id)).not.toContain(page.body.data[2].id);
    expect(Number(next.headers.get('x-sql-statements'))).toBe(1);
  });

  it("never lists another company's products, whatever the filter names", async () => {
    const other = await newCompany(uniq('Other '));
    const page = await graphql(other.api_key, document, { filters: { family } });
    expect(page.body.errors).toBeUndefined();
    expect(page.body.data.products).toMatchObject({ data: [], total_count: 0, next_cursor: null });
  });
});
