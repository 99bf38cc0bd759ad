import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, errorBody, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

// One error model (docs/graphql.md, "Errors"): a rule a mutation's input breaks is that
// mutation's userErrors and the document's other mutations keep their outcomes; only what
// GraphQL itself refuses fails the whole document; lookups are nullable.
describe('GraphQL errors', () => {
  let co: TestCompany;
  beforeAll(async () => {
    co = await newCompany();
  });

  const product = (alias: string, code: string) => `${alias}: createProduct(params: { code: "${code}", description: "Valve" }) { product { code } userErrors { field code message } }`;
  const productExists = async (code: string) => (await client(co.api_key).get(`/products-by-code/${code}`)).status === 200;

  it('lists a broken rule (a product that does not exist) in the second mutation’s userErrors, with the first committed', async () => {
    const code = uniq('PRD-');
    const res = await graphql(
      co.api_key,
      `mutation($op: Int!) { ${product('first', code)}
        second: createOrder(operation_id: $op, params: { reference_code: "${uniq('PO-')}", purchase_order: { type: DIRECT, items: [{ line_reference: "10", product_code: "${uniq('NONE-')}", quantity: "1" }] } }) { order { id } userErrors { field code message } } }`,
      { op: co.operation.id },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.first).toEqual({ product: { code }, userErrors: [] });
    expect(res.body.data.second.order).toBeNull();
    expect(res.body.data.second.userErrors).toEqual([{ field: 'purchase_order.items.0.product_code', code: 'UNPROCESSABLE_ENTITY', message: 'does not exist' }]);
    expect(await productExists(code)).toBe(true);
  });

  it('lists a container code of the wrong shape in the mutation’s userErrors (400 before: the whole document), with the first committed', async () => {
    const code = uniq('PRD-');
    const res = await graphql(
      co.api_key,
      `mutation($op: Int!) { ${product('first', code)}
        second: createProcess(operation_id: $op, params: { reference_code: "${uniq('PRC-')}", foreign_trade_shipment: { type: MARITIME_TRANSPORT, transportables: [{ type: CONTAINER, container: { code: "NOT-A-CONTAINER" } }] } }) { process { id } userErrors { field code message } } }`,
      { op: co.operation.id },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.first).toEqual({ product: { code }, userErrors: [] });
    expect(res.body.data.second).toEqual({ process: null, userErrors: [{ field: 'foreign_trade_shipment.transportables.0.container.code', code: 'BAD_REQUEST', message: 'is invalid' }] });
    expect(await productExists(code)).toBe(true);
  });

  it('lists a 61-character reference_code in the mutation’s userErrors (422 before: the whole document), with the first committed and nothing of the second written', async () => {
    const code = uniq('PRD-');
    const long = 'R'.repeat(61);
    const res = await graphql(
      co.api_key,
      `mutation($op: Int!, $ref: String!) { ${product('first', code)}
        second: createProcess(operation_id: $op, params: { reference_code: $ref }) { process { id } userErrors { field code message } } }`,
      { op: co.operation.id, ref: long },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.first).toEqual({ product: { code }, userErrors: [] });
    expect(res.body.data.second).toEqual({ process: null, userErrors: [{ field: 'reference_code', code: 'UNPROCESSABLE_ENTITY', message: 'is too long (maximum is 60 characters)' }] });
    expect(await productExists(code)).toBe(true);
    const listed = await client(co.api_key).get(`/operations/${co.operation.id}/processes`, `search=${long.slice(0, 50)}`);
    expect(listed.body.data).toEqual([]);
  });

  it('names the locating argument of a mutation whose record is not found', async () => {
    const res = await graphql(co.api_key, 'mutation { deleteProduct(id: 987654321) { product { id } userErrors { field code } } }');
    expect(res.body.data.deleteProduct).toEqual({ product: null, userErrors: [{ field: 'id', code: 'NOT_FOUND' }] });
  });

  it('answers a query field whose argument breaks a limit with the error at its path, and the other fields still answer', async () => {
    const res = await graphql(co.api_key, `{ company { name } productByCode(code: "${'x'.repeat(61)}") { code } }`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ company: { name: co.company.name }, productByCode: null });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ path: ['productByCode'], extensions: expect.objectContaining({ code: 'UNPROCESSABLE_ENTITY', fields: [{ name: 'code', message: 'is too long (maximum is 60 characters)' }] }) }),
    ]);
  });

  it('answers a page size out of range, a cursor that is not one and first out of range at their field: 200 with the code, as the docs tables say', async () => {
    const cases: [string, string, { name: string; message: string }][] = [
      ['{ products(limit: 0) { total_count } }', 'products', { name: 'limit', message: 'is out of range' }],
      ['{ products(after: "not-a-cursor") { total_count } }', 'products', { name: 'after', message: 'is invalid' }],
      ['{ productsConnection(first: 101) { totalCount } }', 'productsConnection', { name: 'first', message: 'is out of range' }],
    ];
    for (const [query, field, problem] of cases) {
      const res = await graphql(co.api_key, query);
      expect(res.status, query).toBe(200);
      expect(res.body.errors, query).toEqual([expect.objectContaining({ path: [field], extensions: expect.objectContaining({ code: 'BAD_REQUEST', fields: [problem] }) })]);
    }
  });

  it('still fails the whole document for what GraphQL itself refuses: syntax, unknown fields, wrong types', async () => {
    const code = uniq('PRD-');
    const unknown = await graphql(co.api_key, `mutation { ${product('first', code)} second: createProduct(params: { code: "X", nope: 1 }) { product { code } } }`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toBeUndefined();
    const wrongType = await graphql(co.api_key, `mutation { ${product('first', code)} second: createProcess(operation_id: "one", params: {}) { process { id } } }`);
    expect(wrongType.status).toBe(400);
    const syntax = await graphql(co.api_key, `mutation { ${product('first', code)}`);
    expect(syntax.status).toBe(400);
    expect(await productExists(code)).toBe(false);
  });

  it('answers a missing actor, or another company’s, as null at its path without wiping the rest of data; REST still answers 404', async () => {
    const other = await newCompany();
    const made = await client(other.api_key).post('/partnerships', { name: uniq('Actor '), internal_code: uniq('SUP-'), roles: [{ role: 'SUPPLIER' }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const theirs = { body: { data: (await graphql(other.api_key, '{ actors(limit: 1) { data { id } } }')).body.data.actors.data[0] } };
    const res = await graphql(co.api_key, `{ company { name } missing: actor(id: 987654321) { id } foreign: actor(id: ${theirs.body.data.id}) { id } products(limit: 1) { total_count } }`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ company: { name: co.company.name }, missing: null, foreign: null, products: { total_count: expect.any(Number) } });
    expect(res.body.errors.map((e: any) => [e.path, e.extensions.code])).toEqual([
      [['missing'], 'NOT_FOUND'],
      [['foreign'], 'NOT_FOUND'],
    ]);
    const rest = await client(co.api_key).get(`/actors/${theirs.body.data.id}`);
    expect(rest.status).toBe(404);
    expect(rest.body).toEqual(errorBody('NOT_FOUND', 'Recurso não encontrado.'));
  });

  it('answers a mutation sent over GET with 405 and Allow: POST, and runs nothing', async () => {
    const code = uniq('PRD-');
    const query = `mutation { createProduct(params: { code: "${code}", description: "Valve" }) { product { code } } }`;
    const res = await fetch(`${baseUrl()}/graphql?query=${encodeURIComponent(query)}`, { headers: { 'api-key': co.api_key, accept: 'application/json' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('METHOD_NOT_ALLOWED');
    expect(await productExists(code)).toBe(false);
    const read = await fetch(`${baseUrl()}/graphql?query=${encodeURIComponent('{ company { name } }')}`, { headers: { 'api-key': co.api_key, accept: 'application/json' } });
    expect(read.status).toBe(200);
  });
});
