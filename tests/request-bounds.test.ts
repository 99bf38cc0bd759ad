// The bounds of ids in paths and of the headers a route honours (docs/limits.md, "Ids in paths"
// and "Headers"): what the server answers out of them, and the same bounds in the OpenAPI
// document, so a client generated from it never sends what the server refuses.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, client, errorBody, newCompany, uniq, type TestCompany } from './helpers.ts';

const MAX_ID = 2147483647;

describe('ids in paths', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await newCompany();
  });
  const get = (path: string) => client(c.api_key).get(path, 'locale=en-US');

  it('answers an id below 1 like a missing record, and one past 2147483647 with 400 on the id', async () => {
    // Each path with the name of its id.
    const paths = (id: string): [string, string][] => [
      [`/products/${id}`, 'id'],
      [`/operations/${id}`, 'operation_id'],
      [`/partnerships/${id}`, 'id'],
      [`/operations/${c.operation.id}/orders/${id}`, 'id'],
    ];
    for (const [path] of [...paths('0'), ...paths('-1'), ...paths(String(MAX_ID))]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(errorBody('NOT_FOUND', 'Resource not found.'));
    }
    for (const [path, name] of paths(String(MAX_ID + 1))) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual(errorBody('BAD_REQUEST', expect.any(String), [{ name, message: 'is invalid' }]));
    }
  });
});

describe('headers', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await newCompany();
  });

  it('refuses an If-Match over 1024 characters with 400 before anything runs', async () => {
    const code = uniq('HDR-');
    expect((await client(c.api_key).post('/products', { code, description: 'Valve' })).status).toBe(201);
    const long = `W/"${'a'.repeat(1021)}"`;
    expect(long.length).toBe(1025);
    for (const [method, body] of [['PUT', { params: { description: 'Changed' } }], ['DELETE', undefined]] as const) {
      const res = await api(method, `/products-by-code/${code}`, { key: c.api_key, body, query: 'locale=en-US', headers: { 'if-match': long } });
      expect(res.status, method).toBe(400);
      expect(res.body, method).toEqual(errorBody('BAD_REQUEST', expect.any(String), [{ name: 'If-Match', message: 'is too long (maximum is 1024 characters)' }]));
    }
    // Checked before the key: nothing of the request is looked at.
    expect((await api('PUT', `/products-by-code/${code}`, { body: { params: {} }, headers: { 'if-match': long } })).status).toBe(400);
    const stored = await client(c.api_key).get(`/products-by-code/${code}`);
    expect(stored.body.data.description).toBe('Valve');
    // At the bound it is read as a list of tags: none is the product's, so 412.
    const atBound = await api('PUT', `/products-by-code/${code}`, { key: c.api_key, body: { params: { description: 'Changed' } }, headers: { 'if-match': long.slice(0, 1023) + '"' } });
    expect(atBound.status).toBe(412);
  });

  it('refuses an Idempotency-Key over 255 characters with 400 and runs nothing, and ignores it where it is not honoured', async () => {
    const code = uniq('HDR-');
    const res = await api('POST', '/products', { key: c.api_key, body: { params: { code, description: 'Valve' } }, query: 'locale=en-US', headers: { 'idempotency-key': 'k'.repeat(256) } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('BAD_REQUEST', expect.any(String), [{ name: 'Idempotency-Key', message: 'is too long (maximum is 255 characters)' }]));
    expect((await client(c.api_key).get(`/products-by-code/${code}`)).status).toBe(404);
    const ok = await api('POST', '/products', { key: c.api_key, body: { params: { code, description: 'Valve' } }, headers: { 'idempotency-key': 'k'.repeat(255) } });
    expect(ok.status).toBe(201);
    // A GET does not honour the header, so it is not checked there (docs/index.md, Idempotent requests).
    expect((await api('GET', `/products-by-code/${code}`, { key: c.api_key, headers: { 'idempotency-key': 'k'.repeat(300), 'if-match': 'x'.repeat(2000) } })).status).toBe(200);
    expect((await api('POST', '/products', { key: c.api_key, body: { params: { code: uniq('HDR-'), description: 'Valve' } }, headers: { 'idempotency-key': randomUUID() } })).status).toBe(201);
  });
});

describe('the OpenAPI document', () => {
  type Parameter = { name: string; in: string; schema: Record<string, unknown> };
  let operations: { id: string; parameters: Parameter[] }[];
  beforeAll(async () => {
    const doc = await (await fetch(`${baseUrl()}/openapi.json`)).json();
    operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string; parameters: Parameter[] }>>).flatMap((item) =>
      Object.values(item).map((op) => ({ id: op.operationId, parameters: op.parameters.filter((p) => 'name' in p) })),
    );
  });

  it('bounds every integer path id to 1 to 2147483647', () => {
    const ids = operations.flatMap((op) => op.parameters.filter((p) => p.in === 'path' && p.schema.type === 'integer').map((p) => ({ op: op.id, ...p })));
    expect(ids.length).toBeGreaterThan(30);
    for (const p of ids) expect(p.schema, `${p.op} ${p.name}`).toEqual({ type: 'integer', format: 'int32', minimum: 1, maximum: MAX_ID });
  });

  it('bounds every header parameter as the server does', () => {
    const headers = operations.flatMap((op) => op.parameters.filter((p) => p.in === 'header').map((p) => ({ op: op.id, ...p })));
    expect(new Set(headers.map((h) => h.name))).toEqual(new Set(['If-Match', 'Idempotency-Key', 'Prefer']));
    const bounds: Record<string, object> = {
      'If-Match': { type: 'string', maxLength: 1024 },
      'Idempotency-Key': { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      Prefer: { type: 'string', maxLength: 256 },
    };
    for (const h of headers) expect(h.schema, `${h.op} ${h.name}`).toEqual(bounds[h.name]);
  });

  it('describes the discovery routes', () => {
    const ids = operations.map((op) => op.id);
    expect(ids).toEqual(expect.arrayContaining(['operations.list', 'operations.get', 'partnerships.list', 'partnerships.get']));
    const list = operations.find((op) => op.id === 'partnerships.list')!;
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'offset', 'order_by', 'search', 'filters']));
  });
});
