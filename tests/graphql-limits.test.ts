// GraphQL document limits (docs/graphql.md, Limits): tokens, depth, aliases, directives and the
// estimated cost are refused with 400 BAD_REQUEST before execution (a request without a valid
// key is refused with 401 before its document is read).
import { getIntrospectionQuery } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, graphql, newCompany, type TestCompany } from './helpers.ts';

let co: TestCompany;

beforeAll(async () => {
  co = await newCompany();
});

/** The first error of an answer, with its status. */
async function refused(key: string | undefined, query: string) {
  const res = await graphql(key, query);
  return { status: res.status, code: res.body.errors?.[0]?.extensions?.code, message: res.body.errors?.[0]?.message as string, data: res.body.data };
}

describe('GraphQL document limits', () => {
  it('refuses a document nested 10,000 levels, or of more than 5,000 tokens, with 400 before it runs, and keeps serving', async () => {
    const deep = `{ ${'products { data { '.repeat(5_000)}id${' } }'.repeat(5_000)} }`;
    const long = `{ company { ${Array.from({ length: 5_001 }, () => 'id').join(' ')} } }`;
    expect(await refused(co.api_key, deep)).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'Nesting limit of 64 exceeded.' });
    expect(await refused(co.api_key, long)).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'Token limit of 5000 exceeded.' });
    // Without a valid key the body is not even read (docs/limits.md, Request size).
    expect(await refused(undefined, deep)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    // A syntax error is a 400 too.
    expect(await refused(co.api_key, '{ company { id ')).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect((await graphql(co.api_key, '{ company { id } }')).status).toBe(200);
  });

  it('refuses depth over 12, more than 15 aliases and more than 10 directives with 400', async () => {
    const op = co.operation.id;
    const deep = await refused(co.api_key, `{ processes(operation_id: ${op}) { data { foreign_trade_shipment { national_road_transports { trips { phases { route_point { id } } } } } } } }`);
    expect(deep.status, deep.message).toBe(200);
    const tooDeep = await refused(co.api_key, `{ processes(operation_id: ${op}) { data { ${'orders { processes { '.repeat(6)}id${' } }'.repeat(6)} } } }`);
    expect(tooDeep).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(tooDeep.message).toMatch(/depth/i);
    const aliases = await refused(co.api_key, `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: company { id }`).join(' ')} }`);
    expect(aliases).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(aliases.message).toMatch(/alias/i);
    const directives = await refused(co.api_key, `{ company { id ${'@include(if: true) '.repeat(11)} } }`);
    expect(directives).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(directives.message).toMatch(/directive/i);
  });

  it('refuses a document whose estimated cost, weighted by page sizes, is over 20,000, and accepts a full page of plain rows', async () => {
    const fields = 'id code description category family manufacturer';
    const page = await refused(co.api_key, `{ products(limit: 100) { total_count data { ${fields} } } }`);
    expect(page.status).toBe(200);
    const many = Array.from({ length: 15 }, (_, i) => `p${i}: processes(operation_id: ${co.operation.id}, limit: 100) { data { id reference_code foreign_trade_shipment { transportables { container { code events { status datetime } } } } } }`).join(' ');
    const costly = await refused(co.api_key, `{ ${many} }`);
    expect(costly).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(costly.message).toMatch(/cost limit of 20000/);
    // A cursor connection's `first` weighs its edges as `limit` weighs a page.
    const edges = Array.from({ length: 15 }, (_, i) => `p${i}: processesConnection(operation_id: ${co.operation.id}, first: 100) { edges { node { id reference_code foreign_trade_shipment { transportables { container { code events { status datetime } } } } } } }`).join(' ');
    expect(await refused(co.api_key, `{ ${edges} }`)).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: expect.stringMatching(/cost limit of 20000/) });
    // A variable page size counts as the largest page.
    const res = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'api-key': co.api_key },
      body: JSON.stringify({ query: `query($n: Int) { ${Array.from({ length: 10 }, (_, i) => `p${i}: processes(operation_id: ${co.operation.id}, limit: $n) { data { id audit_items { id name } foreign_trade_shipment { id transportables { id } } } }`).join(' ')} }`, variables: { n: 1 } }),
    });
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(400);
    expect(answer.errors[0].message).toMatch(/cost limit/);
  });

  it('prices introspection like any query: one full introspection a request answers, fifteen aliased __schema are refused with 400 before execution', async () => {
    // The standard query GraphiQL and code generators send, with every option on.
    const full = getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true } as Parameters<typeof getIntrospectionQuery>[0]);
    for (const key of [undefined, co.api_key]) {
      const one = await graphql(key, full);
      expect(one.status).toBe(key ? 200 : 401);
      if (key) expect(one.body.data.__schema.types.length).toBeGreaterThan(100);
    }
    const fifteen = `{ ${Array.from({ length: 15 }, (_, i) => `s${i}: __schema { types { name fields { name type { name ofType { name } } } } }`).join(' ')} }`;
    // Without a key the request is refused before its document is read (docs/limits.md, Request size).
    expect((await graphql(undefined, fifteen)).status).toBe(401);
    for (const key of [co.api_key]) {
      const res = await graphql(key, fifteen);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0]).toMatchObject({ message: 'Introspection limit of 1 __schema per request exceeded, found 15.', extensions: { code: 'BAD_REQUEST' } });
    }
    // Two, through a fragment as well.
    const twice = await refused(co.api_key, '{ a: __schema { queryType { name } } ...S } fragment S on Query { __schema { queryType { name } } }');
    expect(twice).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    // Nested lists of introspection multiply like any others: types of fields of types ... are priced.
    const nested = await graphql(co.api_key, `{ __schema { types { ${'fields { type { '.repeat(6)}name${' } }'.repeat(6)} } } }`);
    expect(nested.status).toBe(400);
    expect(nested.body.errors.map((e: { message: string }) => e.message)).toContain('Query cost limit of 20000 exceeded: ask for smaller pages or fewer fields.');
    // __type counts toward depth, aliases and cost.
    const types = `{ ${Array.from({ length: 16 }, (_, i) => `t${i}: __type(name: "Query") { name }`).join(' ')} }`;
    expect(await refused(co.api_key, types)).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: expect.stringMatching(/alias/i) });
    const deepType = `{ __type(name: "Query") { ${'fields { type { '.repeat(6)}name${' } }'.repeat(6)} } }`;
    expect(await refused(co.api_key, deepType)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });

  it('leaves REST routes, which run their own documents, to the page limits of the API', async () => {
    expect((await client(co.api_key).get(`/operations/${co.operation.id}/processes`, 'limit=100')).status).toBe(200);
  });
});
