// REST answers a mutation payload's userErrors as the catalogue error it always gave
// (rest/user-errors.ts, docs/decisions/003-rest-over-graphql.md "Mutation payloads"): the code's
// status, its localized message and the fields; a conditional write that breaks a rule writes
// nothing; and the same mutation over /graphql lists the rule in userErrors.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, client, errorBody, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

describe('REST answers of userErrors', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await newCompany();
  });

  it('answers a broken rule of a conditional write with 422 and its fields, localized, and writes nothing', async () => {
    const code = uniq('UE-');
    const made = await client(c.api_key).post('/products', { code, description: 'Valve' });
    expect(made.status).toBe(201);
    const read = await client(c.api_key).get(`/products-by-code/${code}`);
    const res = await api('PUT', `/products-by-code/${code}`, { key: c.api_key, body: { params: { description: ' ' } }, query: 'locale=en-US', headers: { 'if-match': read.headers.get('etag')! } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(errorBody('UNPROCESSABLE_ENTITY', 'Provided data are invalid.', [{ name: 'description', message: "can't be blank" }]));
    const again = await client(c.api_key).get(`/products-by-code/${code}`);
    expect(again.body.data.description).toBe('Valve');
    expect(again.headers.get('etag')).toBe(read.headers.get('etag'));
    const gql = await graphql(c.api_key, `mutation { updateProductByCode(code: "${code}", params: { description: " " }) { product { id } userErrors { field code } } }`);
    expect(gql.body.data.updateProductByCode).toEqual({ product: null, userErrors: [{ field: 'description', code: 'UNPROCESSABLE_ENTITY' }] });
  });

  it('answers a record not found with 404 and no fields, in the locale asked', async () => {
    const res = await api('PUT', '/products/2147483000', { key: c.api_key, body: { params: { description: 'Valve' } }, query: 'locale=es-ES' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('NOT_FOUND', expect.any(String)));
    expect(res.body.message).not.toBe('Resource not found.');
  });
});
