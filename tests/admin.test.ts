// The operator endpoints (docs/decisions/006-operator-endpoint.md): every refusal is a
// catalogue body `{ code, message, fields? }` with its status, like the API's.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { baseUrl, uniq, errorBody, sharedApp } from './helpers.ts';
import { startAppServer, type AppServer } from './setup/app-server.ts';
import { nodeArgs } from './setup/project-process.ts';

const en = {
  NOT_FOUND: errorBody('NOT_FOUND', 'Resource not found.'),
  UNAUTHORIZED: errorBody('UNAUTHORIZED', 'Unauthorized to access this resource.'),
  BAD_REQUEST: errorBody('BAD_REQUEST', 'One or more fields are invalid. Please fill in correctly and try again.'),
  UNPROCESSABLE_ENTITY: errorBody('UNPROCESSABLE_ENTITY', 'Provided data are invalid.'),
} as const;

/** Calls an operator endpoint of `base`, in en-US, with the test run's token unless told otherwise. */
async function admin(
  path: string,
  { method = 'POST', token = inject('adminToken') as string | null, body = undefined as string | undefined, base = baseUrl(), headers = {} as Record<string, string> } = {},
) {
  const res = await fetch(`${base}/admin${path}`, {
    method,
    headers: { locale: 'en-US', ...(token === null ? {} : { 'admin-token': token }), ...headers },
    body,
  });
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as unknown };
}

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

describe('operator endpoints', () => {
  it('answer 401 UNAUTHORIZED for a missing or wrong admin token', async () => {
    for (const path of ['/companies', '/imports/ais', '/imports/port-schedules']) {
      for (const token of [null, '', 'wrong-token']) {
        const res = await admin(path, { token, ...json({ name: 'Nope' }) });
        expect(res, `${path} ${token}`).toEqual({ status: 401, type: expect.stringMatching(/^application\/json/), body: en.UNAUTHORIZED });
      }
    }
  });

  it('answer in the locale asked for, pt-BR by default, like the API', async () => {
    const res = await fetch(`${baseUrl()}/admin/companies`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(errorBody('UNAUTHORIZED', 'Não autorizado a acessar este recurso.'));
    const es = await fetch(`${baseUrl()}/admin/companies?locale=es-ES`, { method: 'POST' });
    expect(await es.json()).toEqual(errorBody('UNAUTHORIZED', 'No autorizado para acceder a este recurso.'));
  });

  it('answer 400 BAD_REQUEST to a company body that is not JSON or not an object', async () => {
    for (const body of ['{"name": "Acme"', '', 'name=Acme', '[]', '"Acme"', 'null']) {
      const res = await admin('/companies', { body, headers: { 'content-type': 'application/json' } });
      expect(res, body).toEqual({ status: 400, type: expect.stringMatching(/^application\/json/), body: en.BAD_REQUEST });
    }
  });

  it('answer 400 on the fields of a company body that have the wrong type', async () => {
    const res = await admin('/companies', json({ name: 42, demo: 'yes' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      ...en.BAD_REQUEST,
      fields: [
        { name: 'name', message: 'is invalid' },
        { name: 'demo', message: 'is invalid' },
      ],
    });
  });

  it("answer 422 can't be blank to a company without a name, and create it once named", async () => {
    for (const body of [{}, { name: '   ' }, { name: null, demo: false }]) {
      const res = await admin('/companies', json(body));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toEqual({ ...en.UNPROCESSABLE_ENTITY, fields: [{ name: 'name', message: "can't be blank" }] });
    }
    const name = uniq('Admin ');
    const created = await admin('/companies', json({ name, demo: false }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ company: { name }, api_key: expect.any(String) });
  });

  it('answer 404 NOT_FOUND to other methods and to an unknown import', async () => {
    for (const [method, path] of [
      ['GET', '/companies'],
      ['PUT', '/companies'],
      ['DELETE', '/imports/ais'],
      ['GET', '/imports/ais'],
      ['POST', '/imports/nope'],
    ]) {
      const res = await admin(path, { method });
      expect(res, `${method} ${path}`).toEqual({ status: 404, type: expect.stringMatching(/^application\/json/), body: en.NOT_FOUND });
    }
  });

  it('answer 400 with body "is too large" to an import announced over 50 MiB, without reading it', async () => {
    const url = new URL(`${baseUrl()}/admin/imports/ais`);
    const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'admin-token': inject('adminToken'), locale: 'en-US', 'content-length': String(60 * 1024 * 1024) } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode!, body: JSON.parse(text) });
          });
        },
      );
      req.on('error', reject);
      req.write('!AIVDM');
    });
    expect(answer).toEqual({ status: 400, body: { ...en.BAD_REQUEST, fields: [{ name: 'body', message: 'is too large' }] } });
  });
});

describe('operator endpoints of a server without ADMIN_TOKEN', () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ serverUrl: process.env.DATABASE_URL || undefined, adminToken: '' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answer 404 NOT_FOUND whatever the token', async () => {
    for (const path of ['/companies', '/imports/ais']) {
      for (const token of [null, 'any-token']) {
        const res = await admin(path, { base: app.baseUrl, token, ...json({ name: 'Nope' }) });
        expect(res, `${path} ${token}`).toEqual({ status: 404, type: expect.stringMatching(/^application\/json/), body: en.NOT_FOUND });
      }
    }
  });
});

describe('API keys: revoke and rotate (docs/security.md)', () => {
  const company = async () => (await admin('/companies', json({ name: uniq('Keys ') }))).body as { api_key: string };
  const status = async (key: string) => (await fetch(`${baseUrl()}/api/products`, { headers: { 'api-key': key } })).status;
  const prefix = (key: string) => key.split('_')[1];

  it('rotates a key: the old one answers 401 at once, the new one works, and a revoked key cannot be rotated again', async () => {
    const { api_key: old } = await company();
    expect(await status(old)).toBe(200);
    const rotated = await admin(`/keys/${prefix(old)}/rotate`);
    expect(rotated.status).toBe(201);
    const body = rotated.body as { api_key: string; revoked: { prefix: string; revoked_at: string | null } };
    expect(body.revoked).toMatchObject({ prefix: prefix(old), revoked_at: expect.any(String) });
    expect(await status(old)).toBe(401);
    expect(await status(body.api_key)).toBe(200);
    expect((await admin(`/keys/${prefix(old)}/rotate`)).status).toBe(404);
    // The secret follows the prefix and may itself hold underscores.
    expect(JSON.stringify(body.revoked)).not.toContain(old.slice(`tt_${prefix(old)}_`.length));
  });

  it('revokes a key at once in this server, keeps when it was last used, and 404s an unknown prefix', async () => {
    const { api_key: key } = await company();
    expect(await status(key)).toBe(200);
    // The key's last use is recorded after the answer: wait for it.
    await vi.waitFor(async () => {
      const info = (await admin(`/keys/${prefix(key)}`, { method: 'GET' })).body as { last_used_at: string | null };
      expect(info.last_used_at).toEqual(expect.any(String));
    }, { timeout: 20_000, interval: 100 });
    const revoked = await admin(`/keys/${key}/revoke`);
    expect(revoked).toMatchObject({ status: 200, body: { prefix: prefix(key), revoked_at: expect.any(String) } });
    expect(await status(key)).toBe(401);
    expect((await admin('/keys/zzzzzzzzzzzz/revoke')).status).toBe(404);
  });

  // The admin command is another process: the server learns of the revocation within the key
  // cache's lifetime (5 s). The embedded database belongs to the server process alone.
  it.skipIf(inject('databaseKind') !== 'postgres')('revokes a key from the admin command: the running server refuses it within 5 seconds', async () => {
    const { api_key: key } = await company();
    expect(await status(key)).toBe(200);
    const { execFileSync } = await import('node:child_process');
    execFileSync(process.execPath, nodeArgs('scripts/admin.ts', 'revoke-key', '--key', prefix(key)), {
      env: { ...process.env, DATABASE_URL: sharedApp().databaseUrl },
      stdio: 'pipe',
    });
    const started = Date.now();
    while ((await status(key)) !== 401) {
      expect(Date.now() - started).toBeLessThan(6_500);
      await new Promise((r) => setTimeout(r, 200));
    }
  });
});
