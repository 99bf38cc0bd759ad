// Property-based bad input, generated from the published OpenAPI description: for every
// route, malformed bodies and parameters must answer a 4xx catalogue error (never a 500)
// and change nothing.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, client, newCompany, uniq, type TestCompany } from './helpers.ts';

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; enum?: string[] };
type Operation = { operationId: string; parameters?: { name?: string; in?: string; $ref?: string; schema?: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } };

const codes = ['BAD_REQUEST', 'NOT_FOUND', 'UNPROCESSABLE_ENTITY', 'UNAUTHORIZED'];

let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
let co: TestCompany;
let fixtureProductId: number;

function resolve(s: Schema | undefined): Schema {
  if (!s) return {};
  if (s.$ref) return resolve(doc.components.schemas[s.$ref.split('/').pop()!]);
  if (s.anyOf) return resolve(s.anyOf.find((x) => x.type !== 'null'));
  return s;
}

function typeOf(s: Schema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
}

/** A JSON value guaranteed not to be of the schema's type (and never null). */
function wrongValue(s: Schema): fc.Arbitrary<unknown> {
  const t = typeOf(s);
  const all: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.string({ minLength: 1 }).map((x) => `${x}`),
    integer: fc.integer(),
    number: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
    boolean: fc.boolean(),
    object: fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
    array: fc.array(fc.integer(), { maxLength: 2 }),
  };
  if (s.enum) return fc.string({ minLength: 1 }).filter((x) => !s.enum!.includes(x));
  if (t === 'string' && (s as { pattern?: string }).pattern) {
    // a decimal string: any wrong type, or text that is not a decimal
    return fc.oneof(all.integer, all.boolean, all.object, fc.constantFrom('1,5', 'abc', '1.2.3', '--1', ''));
  }
  if (t === 'string' && (s as { format?: string }).format === 'date-time') {
    return fc.oneof(all.integer, all.boolean, fc.constantFrom('yesterday', '2025-13-45', '01/02/2025'));
  }
  const wrong = Object.entries(all)
    .filter(([k]) => k !== t && !(t === 'number' && k === 'integer') && !(t === 'integer' && k === 'number'))
    .map(([, v]) => v);
  return fc.oneof(...wrong);
}

/** Bodies that cannot be valid for the operation's request schema. */
function badBodies(op: Operation): fc.Arbitrary<string> {
  const raw = fc.oneof(
    fc.constantFrom('', '{', '[]', 'null', '"params"', '{"params":', 'params=1', '{"params": nul}'),
    fc.jsonValue().map((v) => JSON.stringify({ not_params: v })),
  );
  const media = op.requestBody?.content['application/json'];
  if (!media) return raw;
  const params = resolve(resolve(media.schema).properties?.params);
  const target = typeOf(params) === 'array' ? resolve(params.items) : params;
  const props = Object.entries(target.properties ?? {});
  const wrap = (p: unknown) => JSON.stringify({ params: typeOf(params) === 'array' ? [p] : p });
  const wrongField = props.length
    ? fc.constantFrom(...props).chain(([name, s]) => wrongValue(resolve(s)).map((v) => wrap({ [name]: v })))
    : raw;
  const wrongParams = wrongValue(params).map((v) => JSON.stringify({ params: v }));
  return fc.oneof(raw, wrongField, wrongParams);
}

/** A query string with one parameter of the wrong type or out of range. */
function badQueries(op: Operation): fc.Arbitrary<string> | null {
  const query = (op.parameters ?? []).filter((p) => p.in === 'query' && p.schema);
  const scalar = query.filter((p) => ['integer', 'boolean'].includes(typeOf(resolve(p.schema))!) || resolve(p.schema).enum);
  if (!scalar.length) return null;
  return fc.constantFrom(...scalar).chain((p) => {
    const s = resolve(p.schema);
    const t = typeOf(s);
    const bad =
      p.name === 'limit'
        ? fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.constantFrom('x', '1.5', ''))
        : p.name === 'offset'
          ? fc.oneof(fc.integer({ max: -1 }), fc.constantFrom('x', '1.5'))
          : t === 'integer'
            ? fc.constantFrom('x', '1.5', 'true', '')
            : t === 'boolean'
              ? fc.constantFrom('yes', '2', '')
              : fc.string({ minLength: 1 }).filter((x) => !s.enum!.includes(x) && !x.includes('&') && !x.includes('#'));
    return bad.map((v) => `${encodeURIComponent(p.name!)}=${encodeURIComponent(String(v))}`);
  });
}

function pathWith(path: string, op: Operation, invalid: boolean, pick: number): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const p = (op.parameters ?? []).find((x) => x.name === name);
    const t = typeOf(resolve(p?.schema));
    if (name === 'operation_id' && !invalid) return String(co.operation.id);
    if (invalid) return t === 'integer' ? ['abc', '1.5', '-', '9'.repeat(30)][pick % 4] : encodeURIComponent(['%', ' ', 'ü'.repeat(3), 'x'.repeat(300)][pick % 4]);
    if (name === 'id' && path.startsWith('/products')) return String(fixtureProductId);
    return t === 'integer' ? '1' : 'PRD-FIXTURE';
  });
}

const globalTags = new Set(['Vessels', 'Port schedules']);

async function snapshot(): Promise<string> {
  const lists = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const op = item.get as Operation & { tags?: string[] };
    if (!op || /\{(?!operation_id\})\w+\}/.test(path)) continue;
    // Global reference data (vessels, schedules) changes under other suites' imports: only company data is compared.
    if (op.tags?.some((t) => globalTags.has(t))) continue;
    if ((op.parameters ?? []).some((p) => p.in === 'query' && (p as { required?: boolean }).required)) continue;
    // The largest page where the list is paginated; a list without pagination (carrier connections) is read whole.
    const paginated = (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'limit');
    const res = await api('GET', pathWith(path, op, false, 0), { key: co.api_key, ...(paginated ? { query: 'limit=100' } : {}) });
    lists.push([path, res.status, res.body]);
  }
  return JSON.stringify(lists);
}

function expectCatalogue(status: number, body: any, what: string) {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
  expect(codes, what).toContain(body?.code);
  expect(typeof body?.message, what).toBe('string');
  expect(JSON.stringify(body), what).not.toMatch(/\bat .+:\d+:\d+|stack/i);
}

describe('bad input from the OpenAPI description', () => {
  beforeAll(async () => {
    doc = await (await fetch(`${baseUrl()}/openapi.json`)).json();
    co = await newCompany();
    const created = await client(co.api_key).post('/products', { code: 'PRD-FIXTURE', description: 'fixture', internal_codes: [{ code: uniq() }] });
    fixtureProductId = created.body.data.id;
  });

  it('answers malformed bodies, parameters and paths of every route with a 4xx catalogue error and changes nothing', async () => {
    const before = await snapshot();
    let requests = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const M = method.toUpperCase();
        if (op.requestBody) {
          await fc.assert(
            fc.asyncProperty(badBodies(op), fc.nat(), async (raw, pick) => {
              const res = await api(M, pathWith(path, op, false, pick), { key: co.api_key, raw });
              requests++;
              expectCatalogue(res.status, res.body, `${M} ${path} ${raw}`);
            }),
            { numRuns: 25 },
          );
        }
        const queries = badQueries(op);
        if (queries) {
          await fc.assert(
            fc.asyncProperty(queries, async (query) => {
              const res = await api(M, pathWith(path, op, false, 0), { key: co.api_key, query, raw: op.requestBody ? '{"params":{}}' : undefined });
              requests++;
              expectCatalogue(res.status, res.body, `${M} ${path}?${query}`);
            }),
            { numRuns: 15 },
          );
        }
        if (path.includes('{')) {
          await fc.assert(
            fc.asyncProperty(fc.nat(), async (pick) => {
              const res = await api(M, pathWith(path, op, true, pick), { key: co.api_key, raw: op.requestBody ? '{"params":{}}' : undefined });
              requests++;
              expectCatalogue(res.status, res.body, `${M} ${pathWith(path, op, true, pick)}`);
            }),
            { numRuns: 8 },
          );
        }
      }
    }
    expect(requests).toBeGreaterThan(50);
    expect(await snapshot()).toBe(before);
  });
});
