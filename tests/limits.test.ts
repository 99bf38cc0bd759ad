// Limits and input rules (docs/limits.md): every route, generated from the published OpenAPI
// description, refuses over-long text, control characters, oversized batches and malformed
// paths with the documented status and field, before any work is done.
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { api as call, baseUrl, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

/** Calls the API asking for en-US messages. */
const api: typeof call = (method, path, options = {}) => call(method, path, { ...options, headers: { locale: 'en-US', ...options.headers } });
const client = (key: string) => ({
  get: (path: string, query?: string) => api('GET', path, { key, query }),
  post: (path: string, params: unknown) => api('POST', path, { key, body: { params } }),
  put: (path: string, params: unknown) => api('PUT', path, { key, body: { params } }),
});

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; maxLength?: number; maxItems?: number; format?: string; enum?: string[] };
type Parameter = { name: string; in: string; schema?: Schema };
type Operation = { parameters?: (Parameter & { $ref?: string })[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> };

let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
let co: TestCompany;

function resolve(s: Schema | undefined): Schema {
  if (!s) return {};
  if (s.$ref) return resolve(doc.components.schemas[s.$ref.split('/').pop()!]);
  if (s.anyOf) return resolve(s.anyOf.find((x) => x.type !== 'null'));
  return s;
}

const isType = (s: Schema, t: string) => (Array.isArray(s.type) ? s.type.includes(t) : s.type === t);

/** Every JSON route with its body schema: the params object (or the item of a batch). */
function jsonRoutes() {
  const out: { method: string; path: string; batch: Schema | null; item: Schema }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const media = op.requestBody?.content['application/json'];
      if (!media) continue;
      const params = resolve(resolve(media.schema).properties?.params);
      const batch = isType(params, 'array') ? params : null;
      out.push({ method: method.toUpperCase(), path, batch, item: batch ? resolve(params.items) : params });
    }
  }
  return out;
}

/** The first top-level text property of an input schema that has a maximum length. */
function textField(s: Schema): [string, number] | null {
  for (const [name, p] of Object.entries(s.properties ?? {})) {
    const r = resolve(p);
    if (isType(r, 'string') && r.maxLength && !r.enum && !r.format && !(r as { pattern?: string }).pattern) return [name, r.maxLength];
  }
  return null;
}

/** The path with every parameter filled: the company's operation, a number, or a code. */
function filled(path: string, op: Operation, text = 'CODE-1'): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'operation_id') return String(co.operation.id);
    const p = (op.parameters ?? []).find((x) => x.name === name);
    return p && isType(resolve(p.schema), 'integer') ? '999999999' : text;
  });
}

const fieldsOf = (body: any) => (body?.fields ?? []) as { name: string; message: string }[];

beforeAll(async () => {
  doc = await (await fetch(`${baseUrl()}/openapi.json`)).json();
  co = await newCompany();
});

describe('text limits on every route', () => {
  it('answers 422 "is too long" on the field for text one character over its maximum, and 400 for a control character or half a surrogate pair', async () => {
    let checked = 0;
    for (const route of jsonRoutes()) {
      const field = textField(route.item);
      if (!field) continue;
      const [name, max] = field;
      const op = doc.paths[route.path][route.method.toLowerCase()];
      const wrap = (value: string) => ({ params: route.batch ? [{ [name]: value }] : { [name]: value } });
      const where = route.batch ? `0.${name}` : name;
      const long = await api(route.method, filled(route.path, op), { key: co.api_key, body: wrap('x'.repeat(max + 1)) });
      expect(long.status, `${route.method} ${route.path} ${name}`).toBe(422);
      expect(fieldsOf(long.body), `${route.method} ${route.path}`).toContainEqual({ name: where, message: `is too long (maximum is ${max} characters)` });
      const nul = await api(route.method, filled(route.path, op), { key: co.api_key, body: wrap('a\u0000b') });
      expect(nul.status, `${route.method} ${route.path} ${name}`).toBe(400);
      expect(fieldsOf(nul.body)).toContainEqual({ name: where, message: 'must not contain control characters' });
      // Half a surrogate pair (JSON "\ud800") is no character: PostgreSQL would refuse it.
      const half = await api(route.method, filled(route.path, op), { key: co.api_key, body: wrap('a\ud800b') });
      expect(half.status, `${route.method} ${route.path} ${name}`).toBe(400);
      expect(fieldsOf(half.body)).toContainEqual({ name: where, message: 'must be valid Unicode text (it holds half of a surrogate pair)' });
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('refuses control characters and malformed percent-encoding in path and query values with 400 on the parameter', async () => {
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.get;
      if (!op) continue;
      const textParam = /\{(code|reference_code|unlocode|mmsi)\}/.exec(path)?.[1];
      if (textParam) {
        for (const segment of ['A%00B', '%E0%A4%A']) {
          const res = await api('GET', filled(path, op, segment), { key: co.api_key });
          expect(res.status, `${path} ${segment}`).toBe(400);
          expect(fieldsOf(res.body)[0]?.name, path).toBe(textParam);
        }
        checked++;
      }
      if ((op.parameters ?? []).some((p) => p.name === 'search')) {
        const res = await api('GET', filled(path, op), { key: co.api_key, query: 'search=a%00b' });
        expect(res.status, path).toBe(400);
        expect(fieldsOf(res.body)).toContainEqual({ name: 'search', message: 'must not contain control characters' });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('publishes every limit in the OpenAPI description', () => {
    for (const route of jsonRoutes()) {
      if (route.batch) expect(route.batch.maxItems, route.path).toBe(1000);
      for (const [name, p] of Object.entries(route.item.properties ?? {})) {
        const r = resolve(p);
        if (isType(r, 'string') && !r.enum && !r.format && !(r as { pattern?: string }).pattern) expect(r.maxLength, `${route.path} ${name}`).toBeGreaterThan(0);
        if (isType(r, 'array')) expect(r.maxItems, `${route.path} ${name}`).toBe(1000);
      }
    }
  });
});

describe('sizes', () => {
  it('refuses a batch over 1,000 items with 413 before writing any of it', async () => {
    const code = uniq('BATCH-');
    const params = Array.from({ length: 1001 }, (_, i) => ({ code: `${code}-${i}`, description: 'x' }));
    const res = await client(co.api_key).put('/products', params);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fields: [{ name: 'params', message: 'has too many items (maximum is 1000)' }] });
    expect((await client(co.api_key).get('/products', `search=${code}`)).body.total_count).toBe(0);
    for (const route of jsonRoutes().filter((r) => r.batch)) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      const big = await api(route.method, filled(route.path, op), { key: co.api_key, body: { params: Array.from({ length: 1001 }, () => ({})) } });
      expect(big.status, route.path).toBe(413);
    }
  });

  it('answers 413 to a chunked body over 10 MiB, reading no more than the limit, and keeps serving', async () => {
    const url = new URL(`${baseUrl()}/api/products`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'PUT', headers: { 'api-key': co.api_key, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      // The server stops reading and closes: writing then fails, but its answer must still arrive.
      req.on('error', (e: NodeJS.ErrnoException) =>
        e.code === 'EPIPE' || e.code === 'ECONNRESET' ? setTimeout(() => reject(new Error(`${e.code} and no answer`)), 3_000) : reject(e),
      );
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 64) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      req.write('{"params":[{"code":"');
      pump();
    });
    expect(status).toBe(413);
    expect((await client(co.api_key).get('/products')).status).toBe(200);
  });

  it('answers 413 to a multipart text field over 64 KiB instead of truncating it', async () => {
    const process = await client(co.api_key).post(`/operations/${co.operation.id}/processes`, { reference_code: uniq('LIM-') });
    expect(process.status).toBe(201);
    const form = new FormData();
    form.append('type', 'INVOICE');
    form.append('description', 'd'.repeat(70 * 1024));
    form.append('file', new Blob(['hello']), 'a.txt');
    const res = await fetch(`${baseUrl()}/api/operations/${co.operation.id}/processes/${process.body.data.id}/documents`, { method: 'POST', headers: { 'api-key': co.api_key, locale: 'en-US' }, body: form });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fields: [{ name: 'description', message: 'is too large' }] });
  });

  it('refuses a query string over 8 KiB with 400', async () => {
    const res = await client(co.api_key).get('/products', `search=${'a'.repeat(9000)}`);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)[0]).toEqual({ name: 'query', message: 'is too long (maximum is 8192 characters)' });
  });

  it('bounds free-form JSON: 50 levels of extra_fields answer 422, 10,000 levels of a body 400, never 500', async () => {
    const nested = (levels: number) => {
      let deep = '1';
      for (let i = 0; i < levels; i++) deep = `{"a":${deep}}`;
      return `{"params":{"reference_code":"${uniq('DEEP-')}","extra_fields":${deep}}}`;
    };
    const res = await api('POST', `/operations/${co.operation.id}/processes`, { key: co.api_key, raw: nested(50) });
    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)).toContainEqual({ name: 'extra_fields', message: 'is nested too deeply (maximum depth is 5)' });
    // Beyond the body's own nesting limit (docs/limits.md, Request size) the body is refused before it is parsed.
    const body = await api('POST', `/operations/${co.operation.id}/processes`, { key: co.api_key, raw: nested(10_000) });
    expect(body.status).toBe(400);
    expect(fieldsOf(body.body).map((f) => f.name)).toEqual(['body']);
  });
});

describe('values read strictly', () => {
  it('refuses impossible and partial date-times with 400 on the field', async () => {
    for (const value of ['2025-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '2025-03-01', '2025-13-01T00:00:00Z', '2025-03-01T12:00:00']) {
      const res = await client(co.api_key).post(`/operations/${co.operation.id}/orders`, { reference_code: uniq('DT-'), purchase_order: { type: 'DIRECT', necessity_date: value } });
      expect(res.status, value).toBe(400);
      expect(fieldsOf(res.body), value).toContainEqual({ name: 'purchase_order.necessity_date', message: 'is invalid' });
    }
  });

  it('matches %, _ and \\ in search literally', async () => {
    const tag = uniq('lit');
    const c = client(co.api_key);
    for (const code of [`${tag}-50%`, `${tag}-a_b`, `${tag}-a\\b`, `${tag}-plain`]) expect((await c.post('/products', { code, description: 'x' })).status).toBe(201);
    const codes = async (search: string) => (await c.get('/products', `search=${encodeURIComponent(search)}`)).body.data.map((p: any) => p.code);
    expect(await codes(`${tag}-50%`)).toEqual([`${tag}-50%`]);
    expect(await codes(`${tag}-a_b`)).toEqual([`${tag}-a_b`]);
    expect(await codes(`${tag}-a\\b`)).toEqual([`${tag}-a\\b`]);
    expect(await codes('%')).toEqual([`${tag}-50%`]);
  });

  it('trims every code by one rule: products and orders, on write and on lookup, in REST and GraphQL', async () => {
    const c = client(co.api_key);
    const code = uniq('TRIM-');
    const created = await c.post('/products', { code: `  ${code}  `, description: 'x' });
    expect(created.body.data.code).toBe(code);
    expect((await c.get(`/products-by-code/${encodeURIComponent(` ${code} `)}`)).body.data.code).toBe(code);
    const ref = uniq('PO-TRIM-');
    const order = await c.post(`/operations/${co.operation.id}/orders`, { reference_code: ` ${ref} `, purchase_order: { type: 'DIRECT', items: [{ line_reference: ' 10 ', product_code: ` ${code} `, quantity: '1' }] } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body.data.reference_code).toBe(ref);
    const read = (await c.get(`/operations/${co.operation.id}/orders-by-reference-code/${encodeURIComponent(`${ref} `)}`)).body.data;
    expect(read.id).toBe(order.body.data.id);
    expect(read.purchase_order.items[0]).toMatchObject({ line_reference: '10', product: { code } });
    const g = await graphql(co.api_key, `{ productByCode(code: " ${code} ") { code } }`);
    expect(g.body.data.productByCode.code).toBe(code);
  });

  it('applies the same limits to GraphQL: a mutation lists inline text over its maximum in userErrors, a query field answers a control character at its path', async () => {
    const long = await graphql(co.api_key, `mutation { createProduct(params: { code: "${'x'.repeat(61)}", description: "d" }) { product { id } userErrors { field code message } } }`);
    expect(long.status).toBe(200);
    expect(long.body.data.createProduct).toEqual({ product: null, userErrors: [{ field: 'code', code: 'UNPROCESSABLE_ENTITY', message: 'is too long (maximum is 60 characters)' }] });
    const nul = await graphql(co.api_key, 'query($s: String) { products(search: $s) { total_count } }', { s: 'a\u0000' });
    expect(nul.status).toBe(200);
    expect(nul.body.errors[0].path).toEqual(['products']);
    expect(nul.body.errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', fields: [{ name: 'search', message: 'must not contain control characters' }] });
  });
});
