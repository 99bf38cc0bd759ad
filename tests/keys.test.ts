// API keys an integrator manages (docs/authentication.md, Scopes and Managing keys): scopes,
// expiry, revocation and rotation with an overlap window, over REST and GraphQL.
import { execFileSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { nodeArgs } from './setup/project-process.ts';
import { api, client, errorBody, graphql, newCompany, uniq, sharedApp } from './helpers.ts';

const en = 'locale=en-US';
const FORBIDDEN = errorBody('FORBIDDEN', "The API key's scopes do not allow this request.");
const UNAUTHORIZED = errorBody('UNAUTHORIZED', 'Unauthorized to access this resource.');
const NOT_FOUND = errorBody('NOT_FOUND', 'Resource not found.');

/** The key cache's bound (docs/security.md, When it takes effect), with a margin for a slow machine. */
const BOUND_MS = 5_000 + 2_000;

/** Makes a key with the admin key `admin`; answers the whole key and its prefix. */
async function makeKey(admin: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await client(admin).post('/keys', { name: uniq('key '), scopes, ...extra }, en);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { key: res.body.data.key as string, prefix: res.body.data.prefix as string, data: res.body.data };
}

/** The status a key gets on a read. */
const readStatus = async (key: string) => (await client(key).get('/products', en)).status;

/** Polls until `key` answers 401 on a read; answers how long that took, or fails past `withinMs`. */
async function until401(key: string, withinMs: number): Promise<number> {
  const start = Date.now();
  while ((await readStatus(key)) !== 401) {
    if (Date.now() - start > withinMs) throw new Error(`still accepted after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - start;
}

const product = () => ({ code: uniq('KEY-'), description: 'Scoped valve' });

describe('API key scopes', () => {
  it('makes keys of each scope: 201 with the whole key shown once and its prefix; each key reads', async () => {
    const { api_key: admin } = await newCompany();
    for (const scope of ['read', 'write', 'admin']) {
      const made = await makeKey(admin, [scope]);
      expect(made.key).toMatch(new RegExp(`^tt_${made.prefix}_[A-Za-z0-9_-]{43}$`));
      expect(made.data).toMatchObject({ prefix: made.prefix, scopes: [scope], status: 'ACTIVE', expires_at: null, revoked_at: null });
      expect(await readStatus(made.key)).toBe(200);
      // Shown once: reading the key again never answers it.
      const again = await client(admin).get(`/keys/${made.prefix}`, en);
      expect(again.status).toBe(200);
      expect(again.body.data.key).toBeNull();
    }
  });

  it('refuses a write with a read key: 403 FORBIDDEN in REST, and the same code in GraphQL', async () => {
    const { api_key: admin } = await newCompany();
    const { key: reader } = await makeKey(admin, ['read']);
    expect(await client(reader).post('/products', product(), en)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await client(reader).get('/products', en)).status).toBe(200);
    const mutation = await graphql(reader, 'mutation($p: ProductParams!) { createProduct(params: $p) { product { id } } }', { p: product() });
    expect(mutation.status).toBe(403);
    expect(mutation.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(mutation.body.data ?? null).toBeNull();
    const query = await graphql(reader, '{ products { total_count } }');
    expect(query.status).toBe(200);
    expect(query.body.errors).toBeUndefined();
    // Nothing was written by the refused calls.
    expect((await client(admin).get('/products', en)).body.total_count).toBe(0);
  });

  it('lets a write key write but refuses it the key and webhook routes; an admin key may use them', async () => {
    const { api_key: admin } = await newCompany();
    const { key: writer } = await makeKey(admin, ['write']);
    expect((await client(writer).post('/products', product(), en)).status).toBe(201);
    const hook = { url: 'https://integrations.example.com/hook', events: ['*'] };
    for (const [method, path, body] of [
      ['GET', '/keys', undefined],
      ['POST', '/keys', { params: { name: 'x', scopes: ['read'] } }],
      ['GET', '/webhooks', undefined],
      ['POST', '/webhooks', { params: hook }],
    ] as const) {
      const res = await api(method, path, { key: writer, body, query: en });
      expect(res, `${method} ${path}`).toMatchObject({ status: 403, body: FORBIDDEN });
    }
    const listed = await graphql(writer, '{ webhookEndpoints { total_count } }');
    expect(listed.status).toBe(403);
    expect(listed.body.errors[0].extensions.code).toBe('FORBIDDEN');
    // Through a node of an admin type too.
    const byNode = await graphql(writer, '{ node(id: "x") { ... on WebhookEndpoint { url } } }');
    expect(byNode.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await client(admin).get('/keys', en)).status).toBe(200);
    expect((await client(admin).get('/webhooks', en)).status).toBe(200);
  });

  it('makes the key a company is created with an admin key', async () => {
    const { api_key: admin } = await newCompany();
    const listed = await client(admin).get('/keys', en);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total_count: 1, data: [{ prefix: admin.split('_')[1], name: 'default', scopes: ['admin'], status: 'ACTIVE' }] });
  });
});

describe('managing keys', () => {
  it('lists name, prefix, scopes, dates and last use, never a secret', async () => {
    const { api_key: admin } = await newCompany();
    const made = await makeKey(admin, ['write', 'read']);
    const listed = await client(admin).get('/keys', en);
    expect(listed.status).toBe(200);
    expect(listed.body.total_count).toBe(2);
    // Newest first; scopes stored once each, weakest first.
    expect(listed.body.data[0]).toEqual({
      prefix: made.prefix,
      name: made.data.name,
      scopes: ['read', 'write'],
      status: 'ACTIVE',
      key: null,
      inserted_at: expect.any(String),
      expires_at: null,
      rotated_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    const text = JSON.stringify(listed.body);
    for (const key of [admin, made.key]) expect(text).not.toContain(key.slice(`tt_${key.split('_')[1]}_`.length));
    // The admin key was used: its last use is recorded, off the request's path.
    let lastUsed: string | null = null;
    for (const start = Date.now(); !lastUsed && Date.now() - start < BOUND_MS; ) {
      lastUsed = (await client(admin).get(`/keys/${admin.split('_')[1]}`, en)).body.data.last_used_at;
    }
    expect(lastUsed).toEqual(expect.any(String));
  });

  it('revokes a key: it answers 401 within the bound, also when a key revokes itself', async () => {
    const { api_key: admin } = await newCompany();
    const { key, prefix } = await makeKey(admin, ['read']);
    expect(await readStatus(key)).toBe(200);
    const revoked = await client(admin).del(`/keys/${prefix}`, en);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ prefix, status: 'REVOKED', revoked_at: expect.any(String) });
    expect(await until401(key, BOUND_MS)).toBeLessThan(BOUND_MS);
    expect(await readStatus(key)).toBe(401);
    // Revoking twice keeps the first time.
    expect((await client(admin).del(`/keys/${prefix}`, en)).body.data.revoked_at).toBe(revoked.body.data.revoked_at);
    // An admin key may revoke itself: the answer arrives, then the key is refused.
    const second = await makeKey(admin, ['admin']);
    expect((await client(second.key).del(`/keys/${second.prefix}`, en)).status).toBe(200);
    expect(await client(second.key).get('/keys', en)).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('rotates a key with an overlap: the old key works during the window and answers 401 after it', async () => {
    const { api_key: admin } = await newCompany();
    const old = await makeKey(admin, ['write']);
    // A short window, long enough for the few calls made within it on a busy machine.
    const overlap = 4;
    const started = Date.now();
    const rotated = await client(admin).post(`/keys/${old.prefix}/rotate`, { overlap_seconds: overlap }, en);
    expect(rotated.status).toBe(201);
    // Within the window the old key still works, reads and writes alike.
    expect(await readStatus(old.key)).toBe(200);
    expect((await client(old.key).post('/products', product(), en)).status).toBe(201);
    const fresh = rotated.body.data as { key: string; prefix: string; name: string; scopes: string[] };
    expect(fresh).toMatchObject({ name: old.data.name, scopes: ['write'], status: 'ACTIVE' });
    expect(fresh.prefix).not.toBe(old.prefix);
    expect(await readStatus(fresh.key)).toBe(200);
    const listedOld = (await client(admin).get(`/keys/${old.prefix}`, en)).body.data;
    expect(listedOld).toMatchObject({ status: 'ROTATED', rotated_at: expect.any(String), expires_at: expect.any(String) });
    expect(Date.parse(listedOld.expires_at) - Date.parse(listedOld.rotated_at)).toBe(overlap * 1000);
    // A key already rotated is not rotated again.
    expect((await client(admin).post(`/keys/${old.prefix}/rotate`, { overlap_seconds: 0 }, en)).status).toBe(422);
    await until401(old.key, overlap * 1000 + BOUND_MS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(overlap * 1000);
    expect(await readStatus(fresh.key)).toBe(200);
  });

  it('rotates without overlap through GraphQL: the old key stops at once', async () => {
    const { api_key: admin } = await newCompany();
    const old = await makeKey(admin, ['read']);
    const res = await graphql(admin, 'mutation($p: String!) { rotateApiKey(prefix: $p, params: { overlap_seconds: 0 }) { apiKey { key prefix scopes } userErrors { code } } }', { p: old.prefix });
    expect(res.body.errors).toBeUndefined();
    const fresh = res.body.data.rotateApiKey.apiKey;
    expect(fresh.scopes).toEqual(['read']);
    expect(await readStatus(old.key)).toBe(401);
    expect(await readStatus(fresh.key)).toBe(200);
  });

  it('stops a key at its expiry', async () => {
    const { api_key: admin } = await newCompany();
    const expiresAt = new Date(Date.now() + 2_000);
    const { key } = await makeKey(admin, ['read'], { expires_at: expiresAt.toISOString() });
    expect(await readStatus(key)).toBe(200);
    await until401(key, 2_000 + BOUND_MS);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime());
  });

  it("answers 404 for another company's key, as for a missing one", async () => {
    const { api_key: mine } = await newCompany();
    const { api_key: theirs } = await newCompany();
    const prefix = theirs.split('_')[1];
    for (const [method, path, body] of [
      ['GET', `/keys/${prefix}`, undefined],
      ['DELETE', `/keys/${prefix}`, undefined],
      ['POST', `/keys/${prefix}/rotate`, { params: { overlap_seconds: 0 } }],
      ['GET', '/keys/zzzzzzzzzzzz', undefined],
      ['GET', '/keys/not-a-prefix', undefined],
    ] as const) {
      expect(await api(method, path, { key: mine, body, query: en }), `${method} ${path}`).toMatchObject({ status: 404, body: NOT_FOUND });
    }
    expect(await readStatus(theirs)).toBe(200);
  });

  it('refuses keys out of bounds with 400 or 422 naming the field', async () => {
    const { api_key: admin } = await newCompany();
    const C = client(admin);
    const year = 365 * 24 * 60 * 60 * 1000;
    const cases: [unknown, number, string][] = [
      [{ name: '', scopes: ['read'] }, 422, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['read'] }, 422, 'name'],
      [{ name: 'ok', scopes: [] }, 422, 'scopes'],
      [{ name: 'ok' }, 422, 'scopes'],
      [{ name: 'ok', scopes: ['owner'] }, 400, 'scopes.0'],
      [{ name: 'ok', scopes: ['read'], expires_at: new Date(Date.now() - 1000).toISOString() }, 422, 'expires_at'],
      [{ name: 'ok', scopes: ['read'], expires_at: new Date(Date.now() + 3 * year).toISOString() }, 422, 'expires_at'],
      [{ name: 'ok', scopes: ['read'], expires_at: 'tomorrow' }, 400, 'expires_at'],
    ];
    for (const [params, status, field] of cases) {
      const res = await C.post('/keys', params, en);
      expect(res.status, JSON.stringify(params)).toBe(status);
      expect(res.body.fields.map((f: { name: string }) => f.name)).toContain(field);
    }
    const prefix = admin.split('_')[1];
    for (const [params, field] of [
      [{ overlap_seconds: -1 }, 'overlap_seconds'],
      [{ overlap_seconds: 604_801 }, 'overlap_seconds'],
      [{}, 'overlap_seconds'],
    ] as const) {
      const res = await C.post(`/keys/${prefix}/rotate`, params, en);
      expect(res.status, JSON.stringify(params)).toBe(422);
      expect(res.body.fields.map((f: { name: string }) => f.name)).toContain(field);
    }
    expect(await readStatus(admin)).toBe(200);
  });

  it('never keeps a made key for a replay: Idempotency-Key is ignored by the calls that answer a whole key', async () => {
    const { api_key: admin } = await newCompany();
    const send = () => api('POST', '/keys', { key: admin, body: { params: { name: 'retried', scopes: ['read'] } }, headers: { 'idempotency-key': 'same-key' } });
    const first = await send();
    const replay = await send();
    for (const res of [first, replay]) expect(res.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBeNull();
    expect(replay.body.data.key).not.toBe(first.body.data.key);
  });

  it('keeps at most 50 working keys per company; a revoked key frees its place', async () => {
    const { api_key: admin } = await newCompany();
    const made: string[] = [];
    for (let i = 0; i < 49; i++) made.push((await makeKey(admin, ['read'])).prefix);
    const over = await client(admin).post('/keys', { name: 'one too many', scopes: ['read'] }, en);
    expect(over.status).toBe(422);
    expect(over.body.fields).toEqual([{ name: 'keys', message: 'has too many items (maximum is 50)' }]);
    expect((await client(admin).del(`/keys/${made[0]}`, en)).status).toBe(200);
    expect((await client(admin).post('/keys', { name: 'fits again', scopes: ['read'] }, en)).status).toBe(201);
  });
});

// The admin command is another process: what it writes reaches the running server within the
// key cache's lifetime (docs/security.md). The embedded database belongs to the server alone.
describe.skipIf(inject('databaseKind') !== 'postgres')('keys from the admin command', () => {
  /** Runs `npm run admin -- ...` on the test database; answers what it printed, parsed. */
  const adminCommand = (...args: string[]) =>
    JSON.parse(
      execFileSync(process.execPath, nodeArgs('scripts/admin.ts', ...args), {
        env: { ...process.env, DATABASE_URL: sharedApp().databaseUrl },
        encoding: 'utf8',
      }),
    );

  it('makes a key with scopes that works on the running server from its first call', async () => {
    const { api_key: admin, company } = await newCompany();
    const made = adminCommand('create-key', '--company', String(company.id), '--name', 'ERP', '--scopes', 'read');
    expect(made.key).toMatchObject({ company_id: company.id, label: 'ERP', scopes: ['read'], revoked_at: null });
    expect(await readStatus(made.api_key)).toBe(200);
    expect((await client(made.api_key).post('/products', product(), en)).status).toBe(403);
    expect((await client(admin).get('/keys', en)).body.total_count).toBe(2);
  });

  it('rotates with an overlap: the running server accepts the old key during it and refuses it within the bound after', async () => {
    const { api_key: admin } = await newCompany();
    const old = await makeKey(admin, ['write']);
    // Cached by the server without an expiry: the bound is the overlap plus the cache's lifetime.
    expect(await readStatus(old.key)).toBe(200);
    const rotated = adminCommand('rotate-key', '--key', old.prefix, '--overlap', '2');
    expect(rotated.rotated).toMatchObject({ prefix: old.prefix, rotated_at: expect.any(String), revoked_at: null });
    expect(await readStatus(rotated.api_key)).toBe(200);
    const waited = await until401(old.key, 2_000 + BOUND_MS);
    expect(waited).toBeLessThan(2_000 + BOUND_MS);
  });

  it('revokes a key: the running server refuses it within the bound', async () => {
    const { api_key: admin } = await newCompany();
    const { key, prefix } = await makeKey(admin, ['read']);
    expect(await readStatus(key)).toBe(200);
    adminCommand('revoke-key', '--key', prefix);
    expect(await until401(key, BOUND_MS)).toBeLessThan(BOUND_MS);
  });
});
