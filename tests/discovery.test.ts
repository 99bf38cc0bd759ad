// Discovery over REST (docs/handlers.md, "Operation handlers" and "Handler entry fields"): the
// company's operations with their handler slots and its partnerships, each list and lookup
// scoped to the company, so another company's record answers exactly like a missing one.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, errorBody, newCompany, sameAnswer, uniq, type TestCompany } from './helpers.ts';

/** A lookup of a record of another company answers exactly what a lookup of no record answers. */
async function answersLikeMissing(get: (path: string) => Promise<{ status: number; body: unknown }>, path: string, missing: string) {
  const other = await get(path);
  const none = await get(missing);
  expect(other.status).toBe(404);
  expect(other.body).toEqual(errorBody('NOT_FOUND', 'Resource not found.'));
  expect(sameAnswer(other.body)).toEqual(sameAnswer(none.body));
}

describe('operations', () => {
  let c: TestCompany;
  let other: TestCompany;
  beforeAll(async () => {
    [c, other] = await Promise.all([newCompany(), newCompany()]);
  });
  const get = (path: string) => client(c.api_key).get(path, 'locale=en-US');

  it('lists the operations of the company with their handler slots, and no other company\'s', async () => {
    const res = await get('/operations');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [operation] = res.body.data;
    expect(operation).toEqual({ id: c.operation.id, name: expect.any(String), handlers: expect.any(Array) });
    expect(operation.handlers.map((h: { id: number; role: string }) => ({ id: h.id, role: h.role }))).toEqual(c.operation.handlers.map((h) => ({ id: h.id, role: h.role })));
    for (const h of operation.handlers) expect(h.business_role).toBe(h.role.toUpperCase());
    expect(operation.handlers.map((h: { role: string }) => h.role)).toEqual(expect.arrayContaining(['importer', 'supplier', 'customs_broker']));
  });

  it('reads one operation by id, as the list shows it', async () => {
    const list = await get('/operations');
    const one = await get(`/operations/${c.operation.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ data: list.body.data[0] });
  });

  it("answers another company's operation exactly like a missing one", async () => {
    await answersLikeMissing(get, `/operations/${other.operation.id}`, '/operations/2147483647');
  });
});

describe('partnerships', () => {
  let c: TestCompany;
  let other: TestCompany;
  const token = uniq('tok');
  const ids: Record<'alpha' | 'beta' | 'gamma' | 'foreign', number> = { alpha: 0, beta: 0, gamma: 0, foreign: 0 };
  const codes = { alpha: uniq('SUP-'), beta: uniq('IMP-'), gamma: uniq('BRK-') };
  beforeAll(async () => {
    [c, other] = await Promise.all([newCompany(), newCompany()]);
    const post = async (key: string, params: Record<string, unknown>) => {
      const res = await client(key).post('/partnerships', params);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as number;
    };
    ids.alpha = await post(c.api_key, { name: `Alpha ${token} Ltda`, internal_code: codes.alpha, roles: [{ role: 'SUPPLIER' }] });
    ids.beta = await post(c.api_key, { name: 'Beta Importadora', nickname: `${token}-beta`, internal_code: codes.beta, roles: [{ role: 'IMPORTER' }, { role: 'SUPPLIER' }] });
    ids.gamma = await post(c.api_key, { name: 'Gamma Despachos', internal_code: codes.gamma, official_document: '47398215000176', document_type: 'CNPJ', roles: [{ role: 'CUSTOMS_BROKER' }] });
    ids.foreign = await post(other.api_key, { name: `Foreign ${token}`, internal_code: uniq('FOR-'), roles: [{ role: 'SUPPLIER' }] });
  });
  const list = (query: string) => client(c.api_key).get('/partnerships', `locale=en-US&${query}`);
  const idsOf = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);

  it('lists the partnerships of the company with their partner and roles, paginated', async () => {
    const all = await list('order_by=id');
    expect(all.status).toBe(200);
    expect(all.body.total_count).toBe(3);
    expect(idsOf(all.body)).toEqual([ids.alpha, ids.beta, ids.gamma]);
    expect(all.body.data[1]).toEqual(
      expect.objectContaining({
        id: ids.beta,
        nickname: `${token}-beta`,
        internal_code: codes.beta,
        partner: expect.objectContaining({ id: expect.any(Number), official_name: 'Beta Importadora' }),
        roles: [expect.objectContaining({ role: 'IMPORTER' }), expect.objectContaining({ role: 'SUPPLIER' })],
      }),
    );
    const page = await list('order_by=-id&limit=1&offset=1');
    expect(page.body).toEqual({ data: [all.body.data[1]], total_count: 3, next_cursor: expect.any(String) });
    expect((await list('limit=0')).body).toEqual(errorBody('BAD_REQUEST', expect.any(String), [{ name: 'limit', message: 'is out of range' }]));
  });

  it('filters by role and internal code, and searches the partnership and its partner', async () => {
    const suppliers = await list('filters[role]=SUPPLIER&order_by=id');
    expect(suppliers.body.total_count).toBe(2);
    expect(idsOf(suppliers.body)).toEqual([ids.alpha, ids.beta]);
    expect(idsOf((await list('filters[role]=CUSTOMS_BROKER')).body)).toEqual([ids.gamma]);
    expect((await list('filters[role]=TRADING')).body).toEqual({ data: [], total_count: 0, next_cursor: null });
    expect(idsOf((await list(`filters[internal_code]=${codes.beta}`)).body)).toEqual([ids.beta]);
    // The token is in Alpha's partner name and Beta's nickname; the other company's match is not seen.
    expect(idsOf((await list(`search=${token.toUpperCase()}&order_by=id`)).body)).toEqual([ids.alpha, ids.beta]);
    expect(idsOf((await list('search=47398215')).body)).toEqual([ids.gamma]);
    const bad = await list('filters[role]=NOBODY');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ name: 'filters.role', message: 'is invalid' }]);
  });

  it('reads one partnership by id, as the list shows it', async () => {
    const all = await list('order_by=id');
    const one = await client(c.api_key).get(`/partnerships/${ids.gamma}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ data: all.body.data[2] });
  });

  it("answers another company's partnership exactly like a missing one", async () => {
    await answersLikeMissing((path) => client(c.api_key).get(path, 'locale=en-US'), `/partnerships/${ids.foreign}`, '/partnerships/2147483647');
  });
});
