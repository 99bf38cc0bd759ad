// Cursors on the REST lists (docs/index.md, "Pagination and sorting"): every list answers
// `next_cursor` beside `total_count` and takes it back as `after`. A walk by cursor while
// another client adds and removes rows sees every row that stayed exactly once, in the order
// and under the filters it asked for; a cursor that is not one of this sort is a 400 on `after`.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, errorBody, newCompany, uniq, type TestCompany } from './helpers.ts';

type Row = { id: number } & Record<string, unknown>;

/**
 * Reads `path` page by page from the first, sending each `next_cursor` back as `after`, and
 * calls `between` after each page (the other client's writes land between the pages too).
 */
async function walk(C: ReturnType<typeof client>, path: string, query: string, between: () => Promise<void>): Promise<{ rows: Row[]; pages: number }> {
  const rows: Row[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const res = await C.get(path, `${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total_count).toEqual(expect.any(Number));
    rows.push(...res.body.data);
    after = res.body.next_cursor;
    pages++;
    // A page that is not the last is full.
    if (after !== null) expect(res.body.data.length).toBe(Number(new URLSearchParams(query).get('limit')));
    await between();
  } while (after !== null && pages < 200);
  return { rows, pages };
}

/** Runs `step` over and over until `done` is set (at most `max` times): the other client, writing while the walk reads. */
async function meanwhile(step: () => Promise<void>, done: { value: boolean }, max = 20): Promise<number> {
  let steps = 0;
  while (!done.value && steps < max) {
    await step();
    steps++;
  }
  return steps;
}

describe('cursors on the lists', () => {
  let company: TestCompany;
  let C: ReturnType<typeof client>;
  beforeAll(async () => {
    company = await newCompany();
    C = client(company.api_key);
  });

  it('walks products by cursor, sorted on a column many share, while another client adds and deletes products: each product that stayed is read once', async () => {
    const tag = uniq('Cat-');
    const writer = client(company.api_key);
    // 30 products that stay, over 5 descriptions (the sort key many share), and 12 that go.
    const stays = Array.from({ length: 30 }, (_, i) => ({ code: uniq(`KEEP-${i}-`), description: `Valve ${i % 5}`, category: tag }));
    const goes = Array.from({ length: 12 }, (_, i) => ({ code: uniq(`GO-${i}-`), description: `Valve ${i % 5}`, category: tag }));
    // Products of another category never show under the filter.
    const others = Array.from({ length: 5 }, (_, i) => ({ code: uniq(`OTHER-${i}-`), description: `Valve ${i % 5}`, category: uniq('Else-') }));
    const made = await C.put('/products', [...stays, ...goes, ...others]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const idOf = new Map<string, number>(made.body.data.map((p: { id: number; code: string }) => [p.code, p.id]));
    const toDelete = goes.map((g) => idOf.get(g.code)!);
    const added: number[] = [];
    let n = 0;
    // One write of the other client: a new product (its description sorts anywhere) and a deletion.
    const write = async () => {
      const res = await writer.post('/products', { code: uniq(`NEW-${n}-`), description: `Valve ${n++ % 6}`, category: tag });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      added.push(res.body.data.id);
      const id = toDelete.shift();
      if (id !== undefined) expect((await writer.del(`/products/${id}`)).status).toBe(200);
    };
    const done = { value: false };
    const query = `limit=4&order_by=-description,code&filters[category]=${encodeURIComponent(tag)}`;
    const [{ rows, pages }, steps] = await Promise.all([
      walk(C, '/products', query, write).finally(() => (done.value = true)),
      meanwhile(write, done),
    ]);
    expect(steps, 'the other client wrote while the walk read').toBeGreaterThan(0);
    expect(pages).toBeGreaterThan(5);
    const seen = rows.map((r) => r.id);
    expect(new Set(seen).size, 'no product read twice').toBe(seen.length);
    for (const s of stays) expect(seen.filter((id) => id === idOf.get(s.code)), s.code).toHaveLength(1);
    expect(rows.every((r) => r.category === tag), 'the filter holds on every page').toBe(true);
    // The order holds across pages: descriptions descending, and the rows in the order one whole read gives them.
    expect(rows.every((r, i) => i === 0 || String(rows[i - 1].description) >= String(r.description))).toBe(true);
    const whole = (await C.get('/products', query.replace('limit=4', 'limit=100'))).body.data.map((r: Row) => r.id) as number[];
    expect(seen.filter((id) => whole.includes(id))).toEqual(whole.filter((id) => seen.includes(id)));
    expect(added.length).toBeGreaterThan(0);
  });

  it('walks processes by cursor, filtered by status and sorted on alert level, while others are created and canceled', async () => {
    const path = `/operations/${company.operation.id}/processes`;
    const writer = client(company.api_key);
    const levels = ['NORMAL', 'WARNING', 'DANGER'];
    const prefix = uniq('CUR-');
    const batch = Array.from({ length: 24 }, (_, i) => ({ reference_code: `${prefix}-${i}`, alert_level: levels[i % 3] }));
    const made = await C.put(path, batch);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const ids: number[] = made.body.data.map((p: { id: number }) => p.id);
    // The first 8 are canceled while the walk reads: they leave the ACTIVE filter.
    const toCancel = ids.slice(0, 8);
    const stay = ids.slice(8);
    let n = 0;
    const write = async () => {
      const res = await writer.post(path, { reference_code: `${prefix}-new-${n}`, alert_level: levels[n++ % 3] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = toCancel.shift();
      if (id !== undefined) expect((await writer.put(`${path}/${id}/cancel`)).status).toBe(200);
    };
    const done = { value: false };
    const query = `limit=3&order_by=alert_level,-id&filters[status][]=ACTIVE&search=${encodeURIComponent(prefix)}`;
    const [{ rows }, steps] = await Promise.all([walk(C, path, query, write).finally(() => (done.value = true)), meanwhile(write, done)]);
    expect(steps).toBeGreaterThan(0);
    const seen = rows.map((r) => r.id);
    expect(new Set(seen).size, 'no process read twice').toBe(seen.length);
    for (const id of stay) expect(seen.filter((s) => s === id), `process ${id}`).toHaveLength(1);
    // Every row read was active when its page was read.
    expect(rows.every((r) => r.canceled_at === null && r.finished_at === null)).toBe(true);
    // The order holds across pages: the walk's rows are in the order one whole read gives them.
    const afterwards = await C.get(path, `limit=100&order_by=alert_level,-id&search=${encodeURIComponent(prefix)}`);
    const order = afterwards.body.data.map((r: Row) => r.id).filter((id: number) => seen.includes(id));
    expect(seen).toEqual(order);
  });

  it('refuses a forged cursor, a cursor of another sort and an offset beside a cursor, naming the parameter', async () => {
    const made = await C.put('/products', Array.from({ length: 3 }, () => ({ code: uniq('F-'), description: 'Forged' })));
    expect(made.status).toBe(201);
    const first = await C.get('/products', 'limit=1&order_by=code');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const cursor = first.body.next_cursor as string;
    const bad = errorBody('BAD_REQUEST', expect.any(String), [{ name: 'after', message: 'is invalid' }]);
    for (const after of ['not-a-cursor', Buffer.from('{"sort":"id:al","values":[1]}').toString('base64url'), Buffer.from('{"sort":"code:al,id:al","values":[{"gt":1},1]}').toString('base64url')]) {
      const res = await C.get('/products', `limit=1&order_by=code&after=${encodeURIComponent(after)}&locale=en-US`);
      expect(res.status, after).toBe(400);
      expect(res.body).toEqual(bad);
    }
    // The cursor of `order_by=code` belongs to that sort alone.
    const other = await C.get('/products', `limit=1&order_by=-code&after=${encodeURIComponent(cursor)}&locale=en-US`);
    expect(other.status).toBe(400);
    expect(other.body).toEqual(bad);
    const both = await C.get('/products', `limit=1&order_by=code&offset=1&after=${encodeURIComponent(cursor)}&locale=en-US`);
    expect(both.status).toBe(400);
    expect(both.body).toEqual(errorBody('BAD_REQUEST', expect.any(String), [{ name: 'offset', message: 'cannot be sent together with after' }]));
    // Too long to be a cursor: refused before it is read.
    const long = await C.get('/products', `limit=1&after=${'a'.repeat(4_097)}&locale=en-US`);
    expect(long.status).toBe(422);
    expect(long.body.fields).toEqual([{ name: 'after', message: 'is too long (maximum is 4096 characters)' }]);
  });

  it('answers next_cursor null on the last page, beside total_count, on every list', async () => {
    const tag = uniq('Last-');
    expect((await C.put('/products', Array.from({ length: 3 }, () => ({ code: uniq('L-'), description: 'Last', category: tag })))).status).toBe(201);
    const query = `limit=2&filters[category]=${tag}`;
    const first = await C.get('/products', query);
    expect(first.body).toMatchObject({ total_count: 3, next_cursor: expect.any(String) });
    const last = await C.get('/products', `${query}&after=${encodeURIComponent(first.body.next_cursor)}`);
    expect(last.body).toMatchObject({ total_count: 3, next_cursor: null });
    expect(last.body.data).toHaveLength(1);
    // A page by offset names the cursor of its last row too: a reader can go on by cursor.
    const byOffset = await C.get('/products', `${query}&offset=0`);
    expect(byOffset.body.next_cursor).toBe(first.body.next_cursor);
    // Every list route answers the field (reference data and the lists of other resources).
    for (const path of ['/countries', '/currencies', '/actors', '/partnerships', '/routes', '/cost-models', '/drivers', '/vehicles', '/trailers', '/webhooks', '/vessels', `/operations/${company.operation.id}/orders`]) {
      const res = await C.get(path, 'limit=1');
      expect(res.status, path).toBe(200);
      expect(res.body, path).toHaveProperty('next_cursor');
      expect(res.body.next_cursor === null || typeof res.body.next_cursor === 'string', path).toBe(true);
    }
    // Countries are many: a walk of two pages by cursor reads different rows.
    const countries = await C.get('/countries', 'limit=2&order_by=name');
    const next = await C.get('/countries', `limit=2&order_by=name&after=${encodeURIComponent(countries.body.next_cursor)}`);
    expect(next.body.data[0].name >= countries.body.data[1].name).toBe(true);
    expect(next.body.data.map((c: { code: string }) => c.code)).not.toContain(countries.body.data[1].code);
  });
});
