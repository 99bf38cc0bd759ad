import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

// Trusted documents (docs/graphql.md, Trusted documents): Apollo's automatic persisted queries,
// documents registered per company, and keys limited to them.
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Posts a GraphQL request body as given. */
async function send(key: string, body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl()}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'api-key': key }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { data?: any; errors?: any } };
}

const apq = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

/** Reads until `done` holds (a key's setting reaches every server within the key cache's 5 seconds). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${ms} ms; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('persisted documents', () => {
  let a: TestCompany;
  let b: TestCompany;
  beforeAll(async () => {
    [a, b] = await Promise.all([newCompany(), newCompany()]);
  });

  it('runs the APQ round trip: an unknown hash answers PersistedQueryNotFound, the query with its hash is kept, then the hash alone runs it (POST and GET)', async () => {
    const query = `query Name${uniq()} { company { name } }`;
    const hash = sha256(query);
    const unknown = await send(a.api_key, { extensions: apq(hash) });
    expect(unknown.status).toBe(200);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ message: 'PersistedQueryNotFound', extensions: expect.objectContaining({ code: 'PERSISTED_QUERY_NOT_FOUND' }) })]);
    expect(unknown.headers.get('cache-control')).toContain('no-cache');
    const full = await send(a.api_key, { query, extensions: apq(hash) });
    expect(full.status).toBe(200);
    expect(full.body).toEqual({ data: { company: { name: a.company.name } } });
    const byHash = await send(a.api_key, { extensions: apq(hash) });
    expect(byHash.body).toEqual({ data: { company: { name: a.company.name } } });
    const overGet = await fetch(`${baseUrl()}/graphql?extensions=${encodeURIComponent(JSON.stringify(apq(hash)))}`, { headers: { 'api-key': a.api_key, accept: 'application/json' } });
    expect(overGet.status).toBe(200);
    expect(await overGet.json()).toEqual({ data: { company: { name: a.company.name } } });
  });

  it('refuses a query whose hash does not match it with 400, and keeps nothing', async () => {
    const query = `query Other${uniq()} { company { id } }`;
    const wrong = sha256(`${query} `);
    const res = await send(a.api_key, { query, extensions: apq(wrong) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', fields: [{ name: 'extensions.persistedQuery.sha256Hash', message: 'does not match the hash of the query' }] });
    expect((await send(a.api_key, { extensions: apq(wrong) })).body.errors[0].message).toBe('PersistedQueryNotFound');
  });

  it("keeps each company's documents to itself: another company's hash is not found", async () => {
    const query = `query Mine${uniq()} { company { name } }`;
    const hash = sha256(query);
    expect((await send(a.api_key, { query, extensions: apq(hash) })).body.data.company.name).toBe(a.company.name);
    const theirs = await send(b.api_key, { extensions: apq(hash) });
    expect(theirs.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(theirs.body.data).toBeUndefined();
  });

  it('limits a key to registered documents: they run by text or documentId, any other is refused with 403; other keys and companies are not affected', async () => {
    const registered = `query Registered${uniq()} { company { name } }`;
    const reg = await graphql(a.api_key, 'mutation($d: [String!]!) { registerDocuments(documents: $d) { persistedDocuments { hash } userErrors { field code message } } }', { d: [registered] });
    expect(reg.body.data.registerDocuments).toEqual({ persistedDocuments: [{ hash: sha256(registered) }], userErrors: [] });
    const made = await client(a.api_key).post('/keys', { name: uniq('app '), scopes: ['read'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const appKey = made.body.data.key as string;
    const set = await graphql(a.api_key, `mutation { setApiKeyRegisteredDocumentsOnly(prefix: "${made.body.data.prefix}", enabled: true) { apiKey { registered_documents_only } userErrors { field code } } }`);
    expect(set.body.data.setApiKeyRegisteredDocumentsOnly).toEqual({ apiKey: { registered_documents_only: true }, userErrors: [] });

    const other = `query NotRegistered${uniq()} { company { id } }`;
    const refused = await until(() => send(appKey, { query: other }), (r) => r.status === 403);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', fields: [{ name: 'query', message: 'is not a document registered for the company' }] });
    // Sent with its hash (APQ), an unregistered document is refused too, and not kept.
    expect((await send(appKey, { query: other, extensions: apq(sha256(other)) })).status).toBe(403);
    expect((await send(a.api_key, { extensions: apq(sha256(other)) })).body.errors[0].message).toBe('PersistedQueryNotFound');
    // The registered one runs as text, by documentId, and by APQ hash.
    const expected = { data: { company: { name: a.company.name } } };
    expect((await send(appKey, { query: registered })).body).toEqual(expected);
    expect((await send(appKey, { documentId: `sha256:${sha256(registered)}` })).body).toEqual(expected);
    expect((await send(appKey, { extensions: apq(sha256(registered)) })).body).toEqual(expected);
    // The company's admin key is not limited; another company's limited key does not run A's registered document.
    expect((await send(a.api_key, { query: other })).status).toBe(200);
    const theirKey = await client(b.api_key).post('/keys', { name: uniq('app '), scopes: ['read'] });
    await graphql(b.api_key, `mutation { setApiKeyRegisteredDocumentsOnly(prefix: "${theirKey.body.data.prefix}", enabled: true) { apiKey { prefix } } }`);
    const foreign = await until(() => send(theirKey.body.data.key, { documentId: sha256(registered) }), (r) => r.status === 403);
    expect(foreign.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('refuses to register a document that does not validate, in userErrors, and a read key may not register', async () => {
    const res = await graphql(a.api_key, 'mutation($d: [String!]!) { registerDocuments(documents: $d) { persistedDocuments { hash } userErrors { field code message } } }', { d: ['{ company { name } }', '{ nope }'] });
    expect(res.body.data.registerDocuments).toEqual({ persistedDocuments: null, userErrors: [{ field: 'documents.1', code: 'UNPROCESSABLE_ENTITY', message: 'is invalid' }] });
    const made = await client(a.api_key).post('/keys', { name: uniq('reader '), scopes: ['write'] });
    const forbidden = await graphql(made.body.data.key, 'mutation { registerDocuments(documents: ["{ company { name } }"]) { userErrors { field } } }');
    expect(forbidden.status).toBe(403);
  });
});
