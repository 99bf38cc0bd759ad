import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, client, graphql, newCompany, type TestCompany, errorBody } from './helpers.ts';

const messages = {
  'en-US': {
    NOT_FOUND: 'Resource not found.',
    UNAUTHORIZED: 'Unauthorized to access this resource.',
    BAD_REQUEST: 'One or more fields are invalid. Please fill in correctly and try again.',
    UNPROCESSABLE_ENTITY: 'Provided data are invalid.',
  },
  'pt-BR': {
    NOT_FOUND: 'Recurso não encontrado.',
    UNAUTHORIZED: 'Não autorizado a acessar este recurso.',
    BAD_REQUEST: 'Um ou mais campos são inválidos. Preencha corretamente e tente novamente.',
    UNPROCESSABLE_ENTITY: 'Os dados fornecidos são inválidos.',
  },
  'es-ES': {
    NOT_FOUND: 'Recurso no encontrado.',
    UNAUTHORIZED: 'No autorizado para acceder a este recurso.',
    BAD_REQUEST: 'Uno o más campos no son válidos. Complételos correctamente e inténtelo de nuevo.',
    UNPROCESSABLE_ENTITY: 'Los datos proporcionados no son válidos.',
  },
} as const;

describe('the API platform', () => {
  let co: TestCompany;
  beforeAll(async () => {
    co = await newCompany();
  });

  it('answers 401 without a key, with an unknown key and with a malformed key, on REST and GraphQL', async () => {
    const forged = co.api_key.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const key of [undefined, 'nope', forged, `${co.api_key.split('_').slice(0, 2).join('_')}_${'x'.repeat(43)}`]) {
      const res = await api('GET', '/products', { key, query: 'locale=en-US' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(errorBody('UNAUTHORIZED', 'Unauthorized to access this resource.'));
      const gql = await graphql(key, '{ company { id } }');
      expect(gql.status).toBe(401);
      expect(gql.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    }
    expect((await api('GET', '/products', { key: co.api_key })).status).toBe(200);
  });

  it('answers every catalogue code with its exact en-US text and translates it for pt-BR (default) and es-ES', async () => {
    const C = client(co.api_key);
    for (const locale of ['en-US', 'pt-BR', 'es-ES'] as const) {
      const q = `locale=${locale}`;
      const cases = {
        NOT_FOUND: await C.get('/products/987654321', q),
        UNAUTHORIZED: await api('GET', '/products', { query: q }),
        BAD_REQUEST: await C.get('/products', `limit=0&${q}`),
        UNPROCESSABLE_ENTITY: await C.post('/products', { code: '' }, q),
      };
      for (const [code, res] of Object.entries(cases)) {
        expect(res.body.code).toBe(code);
        expect(res.body.message).toBe(messages[locale][code as keyof (typeof messages)['en-US']]);
        expect(res.body).not.toHaveProperty('stack');
      }
    }
    const byDefault = await C.get('/products/987654321');
    expect(byDefault.body.message).toBe(messages['pt-BR'].NOT_FOUND);
    const byHeader = await api('GET', '/products/987654321', { key: co.api_key, headers: { locale: 'es-ES' } });
    expect(byHeader.body.message).toBe(messages['es-ES'].NOT_FOUND);
    const queryWins = await api('GET', '/products/987654321', { key: co.api_key, query: 'locale=en-US', headers: { locale: 'es-ES' } });
    expect(queryWins.body.message).toBe(messages['en-US'].NOT_FOUND);
    const blank = await C.post('/products', { code: 'x' }, 'locale=es-ES');
    expect(blank.body.fields).toEqual([{ name: 'description', message: 'no puede estar en blanco' }]);
    const badLocale = await C.get('/products', 'locale=fr-FR');
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.fields).toEqual([{ name: 'locale', message: expect.any(String) }]);
  });

  it('answers unknown API paths, whatever the method, with the JSON NOT_FOUND error', async () => {
    for (const [method, path] of [
      ['GET', '/nothing-here'],
      ['DELETE', '/nothing-here'],
      ['GET', '/products/1/extra'],
    ]) {
      const res = await api(method, path, { key: co.api_key, query: 'locale=en-US' });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(errorBody('NOT_FOUND', 'Resource not found.'));
    }
    const root = await fetch(`${baseUrl()}/api/`, { headers: { accept: 'application/json' } });
    expect(root.status).toBe(404);
    expect((await root.json()).code).toBe('NOT_FOUND');
  });

  it('compresses JSON answers of 1 KiB or more for clients that accept gzip, and only for them', async () => {
    const C = client(co.api_key);
    for (let i = 0; i < 12; i++) await C.post('/products', { code: `GZ-${i}`, description: `Compressed listing item ${i}` });
    const raw = (encoding?: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.get(`${baseUrl()}/api/products?limit=50`, { headers: { 'api-key': co.api_key, ...(encoding ? { 'accept-encoding': encoding } : {}) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
      });
    const plain = await raw();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const listed = JSON.parse(plain.body.toString('utf8'));
    expect(listed.data.length).toBeGreaterThanOrEqual(12);
    const zipped = await raw('gzip, deflate');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(listed);
    expect((await raw('gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
    // A small answer is sent as it is.
    const small = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${baseUrl()}/api/products/999999999`, { headers: { 'api-key': co.api_key, 'accept-encoding': 'gzip' } }, resolve),
    );
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    small.resume();
  });

  it('tags successful reads with an ETag and answers 304 to If-None-Match until the data changes', async () => {
    const C = client(co.api_key);
    const code = `ET-${Date.now()}`;
    await C.post('/products', { code, description: 'Tagged' });
    const read = (etag?: string) =>
      fetch(`${baseUrl()}/api/products-by-code/${code}`, { headers: { 'api-key': co.api_key, ...(etag ? { 'if-none-match': etag } : {}) } });
    const first = await read();
    const etag = first.headers.get('etag')!;
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await read()).headers.get('etag')).toBe(etag);
    const unchanged = await read(etag);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect((await read(`"other", ${etag}`)).status).toBe(304);
    await C.put(`/products-by-code/${code}`, { description: 'Tagged again' });
    const changed = await read(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json()).data.description).toBe('Tagged again');
    // Errors and writes carry no tag.
    expect((await fetch(`${baseUrl()}/api/products/999999999`, { headers: { 'api-key': co.api_key } })).headers.get('etag')).toBeNull();
  });

  it('serves GraphQL with the same scoping, validation and error codes', async () => {
    const res = await graphql(co.api_key, '{ company { id name } operations { id handlers { id role } } }');
    expect(res.status).toBe(200);
    expect(res.body.data.company).toEqual(co.company);
    expect(res.body.data.operations).toEqual([{ id: co.operation.id, handlers: co.operation.handlers }]);
    expect(co.operation.handlers).toHaveLength(19);
    const missing = await graphql(co.api_key, '{ product(id: 987654321) { id } }');
    expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const invalid = await graphql(co.api_key, 'mutation { createProduct(params: { code: "" }) { product { id } userErrors { field code message } } }');
    expect(invalid.body.data.createProduct).toEqual({
      product: null,
      userErrors: [
        { field: 'code', code: 'UNPROCESSABLE_ENTITY', message: "can't be blank" },
        { field: 'description', code: 'UNPROCESSABLE_ENTITY', message: "can't be blank" },
      ],
    });
    const page = await fetch(`${baseUrl()}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/graphiql/i);
  });

  it('serves the documentation site, the API reference page and a 404 page', async () => {
    const home = await fetch(`${baseUrl()}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('Tutorial');
    expect(html).toContain('API Docs');
    const reference = await fetch(`${baseUrl()}/api/`, { headers: { accept: 'text/html' } });
    expect(reference.status).toBe(200);
    expect(await reference.text()).toContain('id="redoc"');
    const bare = await fetch(`${baseUrl()}/api`, { headers: { accept: 'text/html' } });
    expect(bare.status).toBe(200);
    const missing = await fetch(`${baseUrl()}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page Not Found');
    const bundle = await fetch(`${baseUrl()}/redoc.standalone.js`);
    expect(bundle.status).toBe(200);
  });
});
