import { beforeAll, describe, expect, it } from 'vitest';
import { api, client, newCompany, uniq, type TestCompany, sameAnswer, errorBody } from './helpers.ts';

const full = (code: string) => ({
  code,
  description: 'Stainless steel valve 2"',
  category: 'Valves',
  family: 'Industrial',
  manufacturer: 'Acme',
  mercosul_code: '84818099',
  additional_details: 'Handle with care',
  extra: { color: 'steel', tags: ['a', 'b'] },
  translated_descriptions: [{ language: 'pt-BR', description: 'Válvula' }],
  package_code: 'PK1',
  package_type: 'BOXES',
  package_capacity: '12.5000',
  package_measurement_unit: 'UNITS',
  content_code: 'CT1',
  content_type: 'BOTTLES',
  content_capacity: '0.750',
  content_measurement_unit: 'LITERS',
  multiple_code: 'MP1',
  multiple_package_type: 'PALLETS',
  multiple_package_capacity: '40',
  multiple_package_measurement_unit: 'BOXES',
  cubage_per_package: '0.0420',
  net_weight_per_package: '18.5000',
  gross_weight_per_package: '19.25',
  packages_per_pallet: 40,
  has_containerization: true,
  has_palletization: true,
  has_content: false,
  has_unitization: true,
  internal_codes: [
    { code: 'ERP-1', label: 'ERP' },
    { code: 'WMS-1', label: null },
  ],
});

describe('products', () => {
  let a: TestCompany;
  let b: TestCompany;
  let A: ReturnType<typeof client>;
  let B: ReturnType<typeof client>;
  beforeAll(async () => {
    [a, b] = await Promise.all([newCompany(), newCompany()]);
    A = client(a.api_key);
    B = client(b.api_key);
  });

  it('creates a product with every field and reads it back by id and by code, decimals keeping their scale', async () => {
    const code = uniq('PRD-');
    const sent = full(code);
    const created = await A.post('/products', sent);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ data: { id: expect.any(Number), code } });
    const id = created.body.data.id;
    for (const res of [await A.get(`/products/${id}`), await A.get(`/products-by-code/${code}`)]) {
      expect(res.status).toBe(200);
      const { internal_codes, ...rest } = sent;
      expect(res.body.data).toMatchObject({ ...rest, id, product_foreign_operators: [] });
      expect(res.body.data.internal_codes.map((c: any) => [c.code, c.label])).toEqual(internal_codes.map((c) => [c.code, c.label]));
      expect(res.body.data.inserted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    }
  });

  it('updates by id keeping fields left out, and replaces nested lists matching children by id', async () => {
    const code = uniq('PRD-');
    const { body } = await A.post('/products', full(code));
    const id = body.data.id;
    const before = (await A.get(`/products/${id}`)).body.data;
    const keep = before.internal_codes[0];
    const res = await A.put(`/products/${id}`, {
      description: 'Changed',
      package_capacity: '99.1000',
      internal_codes: [{ id: keep.id, code: 'ERP-1b', label: 'ERP' }, { code: 'NEW-1' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id, code } });
    const after = (await A.get(`/products/${id}`)).body.data;
    expect(after.description).toBe('Changed');
    expect(after.package_capacity).toBe('99.1000');
    expect(after.category).toBe('Valves');
    expect(after.internal_codes.map((c: any) => c.code)).toEqual(['ERP-1b', 'NEW-1']);
    expect(after.internal_codes[0].id).toBe(keep.id);
  });

  it('updates and deletes by code; a deleted product answers 404, leaves lists, and frees its code', async () => {
    const code = uniq('PRD-');
    const { body } = await A.post('/products', { code, description: 'x' });
    const upd = await A.put(`/products-by-code/${code}`, { family: 'Fam' });
    expect(upd.status).toBe(200);
    expect((await A.get(`/products-by-code/${code}`)).body.data.family).toBe('Fam');
    const del = await A.del(`/products-by-code/${code}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ data: { id: body.data.id, code } });
    expect((await A.get(`/products/${body.data.id}`)).status).toBe(404);
    expect((await A.get(`/products-by-code/${code}`)).status).toBe(404);
    expect((await A.del(`/products/${body.data.id}`)).status).toBe(404);
    const list = await A.get('/products', `search=${code}`);
    expect(list.body.data).toEqual([]);
    const again = await A.post('/products', { code, description: 'reborn' });
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(body.data.id);
  });

  it('deletes by id', async () => {
    const code = uniq('PRD-');
    const { body } = await A.post('/products', { code, description: 'x' });
    const del = await A.del(`/products/${body.data.id}`);
    expect(del.body).toEqual({ data: { id: body.data.id, code } });
    expect((await A.get(`/products-by-code/${code}`)).status).toBe(404);
  });

  it('batch upsert creates new products and updates existing ones by code, answering 201 with id and code', async () => {
    const c1 = uniq('PRD-');
    const c2 = uniq('PRD-');
    const first = await A.post('/products', { code: c1, description: 'one', category: 'keep' });
    const res = await A.put('/products', [
      { code: c1, description: 'one updated' },
      { code: c2, description: 'two', internal_codes: [{ code: 'I-2' }] },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual([
      { id: first.body.data.id, code: c1 },
      { id: expect.any(Number), code: c2 },
    ]);
    const one = (await A.get(`/products-by-code/${c1}`)).body.data;
    expect(one).toMatchObject({ description: 'one updated', category: 'keep' });
    expect((await A.get(`/products-by-code/${c2}`)).body.data.internal_codes[0].code).toBe('I-2');
  });

  it('batch upsert is all or nothing: one bad element writes nothing', async () => {
    const c1 = uniq('PRD-');
    const existing = uniq('PRD-');
    await A.post('/products', { code: existing, description: 'stays' });
    const res = await A.put('/products', [
      { code: existing, description: 'would change' },
      { code: c1, description: 'ok' },
      { code: uniq('PRD-') },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual([{ name: '2.description', message: "não pode ficar em branco" }]);
    expect((await A.get(`/products-by-code/${c1}`)).status).toBe(404);
    expect((await A.get(`/products-by-code/${existing}`)).body.data.description).toBe('stays');
    const dup = await A.put('/products', [{ code: c1, description: 'a' }, { code: c1, description: 'b' }], 'locale=en-US');
    expect(dup.status).toBe(422);
    expect(dup.body.fields).toEqual([{ name: '1.code', message: 'has already been taken' }]);
    expect((await A.get(`/products-by-code/${c1}`)).status).toBe(404);
  });

  describe('validation', () => {
    it("answers 422 can't be blank for a missing or blank code or description", async () => {
      for (const params of [{}, { code: '  ', description: '' }, { code: null, description: null }]) {
        const res = await A.post('/products', params, 'locale=en-US');
        expect(res.status).toBe(422);
        expect(res.body).toEqual(
          errorBody('UNPROCESSABLE_ENTITY', 'Provided data are invalid.', [
            { name: 'code', message: "can't be blank" },
            { name: 'description', message: "can't be blank" },
          ]),
        );
      }
      const code = uniq('PRD-');
      await A.post('/products', { code, description: 'x' });
      const blanked = await A.put(`/products-by-code/${code}`, { description: '' }, 'locale=en-US');
      expect(blanked.status).toBe(422);
      expect(blanked.body.fields).toEqual([{ name: 'description', message: "can't be blank" }]);
    });

    it('answers 422 has already been taken for a duplicate live code, and does not exist for unknown references', async () => {
      const code = uniq('PRD-');
      await A.post('/products', { code, description: 'x' });
      const dup = await A.post('/products', { code, description: 'y' }, 'locale=en-US');
      expect(dup.status).toBe(422);
      expect(dup.body.fields).toEqual([{ name: 'code', message: 'has already been taken' }]);
      const other = uniq('PRD-');
      await A.post('/products', { code: other, description: 'z' });
      const rename = await A.put(`/products-by-code/${other}`, { code }, 'locale=en-US');
      expect(rename.body.fields).toEqual([{ name: 'code', message: 'has already been taken' }]);
      const ops = await A.post('/products', { code: uniq('PRD-'), description: 'x', product_foreign_operators: [999999] }, 'locale=en-US');
      expect(ops.status).toBe(422);
      expect(ops.body.fields).toEqual([{ name: 'product_foreign_operators.0', message: 'does not exist' }]);
      const ic = await A.put(`/products-by-code/${other}`, { internal_codes: [{ id: 999999, code: 'x' }] }, 'locale=en-US');
      expect(ic.body.fields).toEqual([{ name: 'internal_codes.0.id', message: 'does not exist' }]);
      const nested = await A.post('/products', { code: uniq('PRD-'), description: 'x', internal_codes: [{ label: 'no code' }] }, 'locale=en-US');
      expect(nested.body.fields).toEqual([{ name: 'internal_codes.0.code', message: "can't be blank" }]);
    });

    it('answers 400 with the field for wrong types, unknown enum values, float decimals and bad JSON', async () => {
      const cases: [unknown, string][] = [
        [{ code: 123, description: 'x' }, 'code'],
        [{ code: 'a', description: 'x', package_type: 'CRATES' }, 'package_type'],
        [{ code: 'a', description: 'x', package_capacity: 12.5 }, 'package_capacity'],
        [{ code: 'a', description: 'x', package_capacity: '12,5' }, 'package_capacity'],
        [{ code: 'a', description: 'x', packages_per_pallet: '4' }, 'packages_per_pallet'],
        [{ code: 'a', description: 'x', has_content: 'yes' }, 'has_content'],
        [{ code: 'a', description: 'x', extra: [1] }, 'extra'],
        [{ code: 'a', description: 'x', internal_codes: [{ code: 5 }] }, 'internal_codes.0.code'],
      ];
      for (const [params, field] of cases) {
        const res = await A.post('/products', params, 'locale=en-US');
        expect(res.status, JSON.stringify(params)).toBe(400);
        expect(res.body.code).toBe('BAD_REQUEST');
        expect(res.body.message).toBe('One or more fields are invalid. Please fill in correctly and try again.');
        expect(res.body.fields).toEqual([{ name: field, message: 'is invalid' }]);
      }
      const bad = await api('POST', '/products', { key: a.api_key, raw: '{"params": {' });
      expect(bad.status).toBe(400);
      const noWrapper = await api('POST', '/products', { key: a.api_key, body: { code: 'x', description: 'y' } });
      expect(noWrapper.status).toBe(400);
      const listForObject = await A.post('/products', [{ code: 'x', description: 'y' }]);
      expect(listForObject.status).toBe(400);
      const objectForList = await A.put('/products', { code: 'x', description: 'y' });
      expect(objectForList.status).toBe(400);
      expect((await A.get('/products/abc')).status).toBe(400);
    });

    it('ignores unknown body fields', async () => {
      const code = uniq('PRD-');
      const res = await A.post('/products', { code, description: 'x', colour: 'red', internal_codes: [{ code: 'c', foo: 1 }] });
      expect(res.status).toBe(201);
      expect((await A.get(`/products-by-code/${code}`)).body.data).not.toHaveProperty('colour');
    });
  });

  describe('lists', () => {
    it('paginates with limit, offset and order_by, and reports total_count', async () => {
      const c = await newCompany();
      const C = client(c.api_key);
      const codes = Array.from({ length: 7 }, (_, i) => `P-${String.fromCharCode(71 - i)}`);
      await C.put('/products', codes.map((code) => ({ code, description: code, category: codes.indexOf(code) % 2 ? 'odd' : null })));
      const page = await C.get('/products', 'limit=3&offset=2');
      expect(page.status).toBe(200);
      expect(page.body.total_count).toBe(7);
      expect(page.body.data.map((p: any) => p.code)).toEqual(codes.slice(2, 5));
      const sorted = await C.get('/products', 'order_by[0][field]=code&order_by[0][order]=ASC&limit=100');
      expect(sorted.body.data.map((p: any) => p.code)).toEqual([...codes].sort());
      const nulls = await C.get('/products', 'order_by[0][field]=category&order_by[0][order]=DESC_NULLS_LAST&limit=100');
      expect(nulls.body.data.at(-1).category).toBeNull();
      expect(nulls.body.data[0].category).toBe('odd');
      const def = await C.get('/products');
      expect(def.body.data).toHaveLength(7);
      const filtered = await C.get('/products', 'filters[category]=odd');
      expect(filtered.body.total_count).toBe(3);
      const search = await C.get('/products', 'search=p-c');
      expect(search.body.data.map((p: any) => p.code)).toEqual(['P-C']);
    });

    it('sorts by the flat form order_by=-code,id as by the bracketed one', async () => {
      const C = client((await newCompany()).api_key);
      for (const [code, family] of [['F-A', 'X'], ['F-B', 'Y'], ['F-C', 'X']]) expect((await C.post('/products', { code, description: code, family })).status).toBe(201);
      const codes = async (query: string) => (await C.get('/products', query)).body.data.map((p: { code: string }) => p.code);
      expect(await codes('order_by=-code')).toEqual(['F-C', 'F-B', 'F-A']);
      expect(await codes('order_by=family,-code')).toEqual(['F-C', 'F-A', 'F-B']);
      expect(await codes('order_by=family,-code')).toEqual(await codes('order_by[0][field]=family&order_by[1][field]=code&order_by[1][order]=DESC'));
    });

    it('refuses pagination out of range, or a sort key without its field, with 400 on the parameter', async () => {
      for (const [query, field] of [
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['limit=abc', 'limit'],
        ['offset=-1', 'offset'],
        ['order_by[0][field]=nope', 'order_by.0.field'],
        ['order_by[0][field]=code&order_by[0][order]=UP', 'order_by.0.order'],
        ['order_by[0][order]=DESC', 'order_by.0.field'],
        ['order_by=-colour,id', 'order_by.0.field'],
        ['order_by=code,', 'order_by.1.field'],
        ['order_by=-code&order_by[0][field]=id', 'order_by'],
      ]) {
        const res = await A.get('/products', `${query}&locale=en-US`);
        expect(res.status, query).toBe(400);
        expect(res.body.fields).toEqual([{ name: field, message: expect.any(String) }]);
      }
      expect((await A.get('/products', 'limit=100')).status).toBe(200);
      expect((await A.get('/products', 'limit=1&offset=0')).status).toBe(200);
    });

    it('runs the same number of SQL statements whatever the page size', async () => {
      await A.get('/products', 'limit=1'); // warms the API key cache, so every count below is the list's own
      const counts = [];
      for (const limit of [1, 10, 100]) {
        const res = await A.get('/products', `limit=${limit}`);
        counts.push(Number(res.headers.get('x-sql-statements')));
      }
      expect(counts[0]).toBeGreaterThan(0);
      expect(new Set(counts).size).toBe(1);
    });

    it('creates a batch of new products, with their internal codes and foreign operators, in the same number of statements whatever its size', async () => {
      const partner = await A.post('/partnerships', { name: uniq('Operator '), internal_code: uniq('P-'), roles: [{ role: 'BANK' }] });
      expect(partner.status).toBe(201);
      const counts = [];
      for (const size of [1, 20, 100]) {
        const prefix = uniq('BATCH-');
        const params = Array.from({ length: size }, (_, i) => ({
          code: `${prefix}-${i}`,
          description: 'Valve',
          internal_codes: [{ code: `ERP-${i}`, label: 'erp' }],
          product_foreign_operators: [partner.body.data.partner.id],
        }));
        const res = await A.put('/products', params);
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
        expect(res.body.data).toHaveLength(size);
        counts.push(Number(res.headers.get('x-sql-statements')));
      }
      expect(counts[0]).toBeGreaterThan(0);
      expect(new Set(counts).size).toBe(1);
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 for another company's product by id and by code, for reads and writes, and never lists it", async () => {
      const code = uniq('PRD-');
      const { body } = await A.post('/products', { code, description: 'secret' });
      const id = body.data.id;
      expect((await B.get(`/products/${id}`)).status).toBe(404);
      expect((await B.get(`/products-by-code/${code}`)).status).toBe(404);
      expect((await B.put(`/products/${id}`, { description: 'hacked' })).status).toBe(404);
      expect((await B.put(`/products-by-code/${code}`, { description: 'hacked' })).status).toBe(404);
      expect((await B.del(`/products/${id}`)).status).toBe(404);
      expect((await B.del(`/products-by-code/${code}`)).status).toBe(404);
      const missing = await B.get('/products/999999999');
      expect(sameAnswer((await B.get(`/products/${id}`)).body)).toEqual(sameAnswer(missing.body));
      const list = await B.get('/products', `search=${code}&limit=100`);
      expect(list.body.data).toEqual([]);
      expect((await A.get(`/products/${id}`)).body.data.description).toBe('secret');
      // The same code is free in another company.
      expect((await B.post('/products', { code, description: 'mine' })).status).toBe(201);
      // B's upsert with A's code creates B's own product and leaves A's alone.
      await B.put('/products', [{ code, description: 'b-upsert' }]);
      expect((await A.get(`/products-by-code/${code}`)).body.data.description).toBe('secret');
    });
  });
});
