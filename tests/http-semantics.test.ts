// HTTP semantics of the API (docs/index.md, Methods and media types): HEAD
// answers like GET without a body, a declared path answers other methods with 405 and
// `Allow`, OPTIONS names the methods, and a body that is not JSON gets 415 and changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, newCompany, uniq, type TestCompany, errorBody } from './helpers.ts';

describe('HTTP methods and media types', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await newCompany();
  });
  const send = (method: string, path: string, init: { body?: string; type?: string } = {}) =>
    fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { 'api-key': c.api_key, locale: 'en-US', ...(init.type ? { 'content-type': init.type } : {}) },
      body: init.body,
    });

  it('answers HEAD on every kind of GET route like GET, without a body', async () => {
    const code = uniq('HEAD-');
    expect((await client(c.api_key).post('/products', { code, description: 'Valve' })).status).toBe(201);
    for (const path of ['/products?limit=5', `/products-by-code/${code}`, `/operations/${c.operation.id}/orders`]) {
      const get = await send('GET', path);
      const head = await send('HEAD', path);
      expect(head.status, path).toBe(200);
      expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(await head.text()).toBe('');
    }
    const missing = await send('HEAD', '/products/999999999');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');
  });

  it('answers a method a declared path does not have with 405 and Allow, and OPTIONS with Allow', async () => {
    const res = await send('DELETE', '/products');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, PUT, OPTIONS');
    expect(await res.json()).toEqual(errorBody('METHOD_NOT_ALLOWED', 'This method is not allowed on this path.'));
    const byId = await send('POST', '/products/1');
    expect(byId.status).toBe(405);
    expect(byId.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
    const options = await send('OPTIONS', `/operations/${c.operation.id}/processes/1/finish`);
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('PUT, OPTIONS');
    // An undeclared path stays 404 whatever the method.
    expect((await send('DELETE', '/no-such-thing')).status).toBe(404);
  });

  it('refuses a body declared as anything but JSON with 415 and writes nothing', async () => {
    const code = uniq('MT-');
    const body = JSON.stringify({ params: { code, description: 'Valve' } });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await send('POST', '/products', { body, type });
      expect(res.status, type).toBe(415);
      expect(res.headers.get('accept')).toBe('application/json');
      expect(await res.json()).toEqual(errorBody('UNSUPPORTED_MEDIA_TYPE', 'The request body must be sent in a supported media type.'));
    }
    expect((await send('GET', `/products-by-code/${code}`)).status).toBe(404);
    expect((await send('POST', '/products', { body, type: 'application/json; charset=utf-8' })).status).toBe(201);
    const other = JSON.stringify({ params: { code: uniq('MT-'), description: 'Valve' } });
    expect((await send('POST', '/products', { body: other, type: 'application/merge-patch+json' })).status).toBe(201);
  });
});

describe('query parameters', () => {
  it('answers a parameter or a filter the route does not take with 400 naming it, and takes locale everywhere', async () => {
    const c = await newCompany();
    const C = client(c.api_key);
    const cases: [string, string, string[]][] = [
      ['/products', 'colour=red', ['colour']],
      ['/products', 'filters[updated_at_from]=2025-01-01T00:00:00Z', ['filters.updated_at_from']],
      [`/operations/${c.operation.id}/orders`, 'filters[colour]=red&limit=2&sort=code', ['sort', 'filters.colour']],
      ['/products', 'filters[status]=ACTIVE', ['filters.status']],
      ['/products/1', 'limit=5', ['limit']],
    ];
    for (const [path, query, names] of cases) {
      const res = await C.get(path, `${query}&locale=en-US`);
      expect(res.status, `${path}?${query}`).toBe(400);
      expect(res.body.fields).toEqual(names.map((name) => ({ name, message: 'is not a parameter of this route' })));
    }
    expect((await C.get('/products', 'locale=es-ES&limit=1')).status).toBe(200);
  });
});
