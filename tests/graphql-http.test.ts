// GraphQL over HTTP (docs/graphql.md, GraphQL over HTTP): the graphql-http server audits pass
// every MUST and every SHOULD; a request error answers 400 to application/graphql-response+json
// clients and 200 to application/json ones; a field error answers 200 with
// the data and its catalogue code, to application/json and
// application/graphql-response+json clients alike.
import { auditServer } from 'graphql-http';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newCompany, type TestCompany } from './helpers.ts';

describe('GraphQL over HTTP', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await newCompany();
  });
  const post = async (body: unknown, accept = 'application/json') => {
    const res = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: { 'api-key': c.api_key, 'content-type': 'application/json', accept },
      body: JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type'), id: res.headers.get('x-request-id'), body: (await res.json()) as Record<string, any> };
  };

  it('passes every MUST and every SHOULD of the graphql-http server audits', async () => {
    const fetchFn = (input: RequestInfo | URL, init: RequestInit = {}) =>
      fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), 'api-key': c.api_key } });
    const results = await auditServer({ url: `${baseUrl()}/graphql`, fetchFn });
    expect(results.length).toBeGreaterThan(40);
    const failed = results.filter((r) => r.status !== 'ok').map((r) => `${r.status}: ${r.name}`);
    expect(failed).toEqual([]);
  });

  it('refuses variables that do not fit their types with BAD_REQUEST, naming the variable and the path inside it: 400, or 200 to application/json clients', async () => {
    for (const [accept, status] of [['application/json', 200], ['application/graphql-response+json', 400]] as const) {
      const res = await post(
        { query: 'mutation M($p: ProductParams!) { createProduct(params: $p) { product { id } } }', variables: { p: { code: `V-${Date.now()}`, description: 'Valve', packages_per_pallet: 'many' } } },
        accept,
      );
      expect(res.status, accept).toBe(status);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors).toEqual([
        expect.objectContaining({ message: expect.stringContaining('Variable "$p" got invalid value "many" at "p.packages_per_pallet"'), extensions: expect.objectContaining({ code: 'BAD_REQUEST' }) }),
      ]);
    }
  });

  it('answers a field error with 200, the data and the catalogue code, in both media types', async () => {
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      const res = await post({ query: '{ company { id } product(id: 987654321) { id } }' }, accept);
      expect(res.status, accept).toBe(200);
      expect(res.type).toContain(accept);
      // A lookup is nullable: the missing record is null and the other root field answers.
      expect(res.body.data).toEqual({ company: { id: expect.any(Number) }, product: null });
      expect(res.body.errors).toEqual([expect.objectContaining({ path: ['product'], extensions: expect.objectContaining({ code: 'NOT_FOUND', request_id: res.id }) })]);
    }
    // A mutation refused by a rule answers it in its payload: 200, null record, userErrors with the code and field.
    const refused = await post({ query: 'mutation { createProduct(params: { code: "" }) { product { id } userErrors { field code message } } }' });
    expect(refused.status).toBe(200);
    expect(refused.body.errors).toBeUndefined();
    expect(refused.body.data.createProduct.product).toBeNull();
    expect(refused.body.data.createProduct.userErrors).toEqual(
      expect.arrayContaining([{ field: 'code', code: 'UNPROCESSABLE_ENTITY', message: expect.any(String) }]),
    );
    // Two mutations, the first of which finds nothing: each reports its own outcome, and the second committed.
    const code = `PRD-${Date.now()}`;
    const both = await post({
      query: `mutation { deleteProduct(id: 987654321) { product { id } userErrors { field code } } createProduct(params: { code: "${code}", description: "Valve" }) { product { code } userErrors { code } } }`,
    });
    expect(both.status).toBe(200);
    expect(both.body.errors).toBeUndefined();
    expect(both.body.data).toEqual({
      deleteProduct: { product: null, userErrors: [{ field: 'id', code: 'NOT_FOUND' }] },
      createProduct: { product: { code }, userErrors: [] },
    });
    const kept = await post({ query: `{ productByCode(code: "${code}") { code } }` });
    expect(kept.body.data.productByCode).toEqual({ code });
    // A document that cannot run at all is a request error: 400 to graphql-response+json clients.
    const unreadable = await post({ query: '{ company { id ' }, 'application/graphql-response+json');
    expect(unreadable.status).toBe(400);
  });
});
