// The operator endpoints (docs/decisions/006-operator-endpoint.md): every refusal is a
// catalogue body `{ code, message, fields? }` with its status, like the API's.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, uniq } from './helpers.ts';
import { startAppServer, type AppServer } from './setup/app-server.ts';

const en = {
  NOT_FOUND: { code: 'NOT_FOUND', message: 'Resource not found.' },
  UNAUTHORIZED: { code: 'UNAUTHORIZED', message: 'Unauthorized to access this resource.' },
  BAD_REQUEST: { code: 'BAD_REQUEST', message: 'One or more fields are invalid. Please fill in correctly and try again.' },
  UNPROCESSABLE_ENTITY: { code: 'UNPROCESSABLE_ENTITY', message: 'Provided data are invalid.' },
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
    expect(await res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Não autorizado a acessar este recurso.' });
    const es = await fetch(`${baseUrl()}/admin/companies?locale=es-ES`, { method: 'POST' });
    expect(await es.json()).toEqual({ code: 'UNAUTHORIZED', message: 'No autorizado para acceder a este recurso.' });
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
