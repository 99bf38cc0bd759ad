// GraphQL document limits (docs/graphql.md, Limits): tokens, depth, aliases, directives and the
// estimated cost are refused with 400 BAD_REQUEST before execution (a request without a valid
// key is refused with 401 before its document is read).
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
      headers: { 'content-type': 'application/json', 'api-key': co.api_key },
      body: JSON.stringify({ query: `query($n: Int) { ${Array.from({ length: 10 }, (_, i) => `p${i}: processes(operation_id: ${co.operation.id}, limit: $n) { data { id audit_items { id name } foreign_trade_shipment { id transportables { id } } } }`).join(' ')} }`, variables: { n: 1 } }),
    });
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(400);
    expect(answer.errors[0].message).toMatch(/cost limit/);
  });

  it('leaves REST routes, which run their own documents, to the page limits of the API', async () => {
    expect((await client(co.api_key).get(`/operations/${co.operation.id}/processes`, 'limit=100')).status).toBe(200);
  });
});
