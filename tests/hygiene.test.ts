// HTTP hygiene (docs/security.md): security headers on every answer, only the methods the
// platform serves, the CORS policy of the API and GraphQL (the test server allows
// https://allowed.example), safe downloads, and no storage key in any answer.
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, graphql, newCompany, uniq, type TestCompany, errorBody } from './helpers.ts';

let co: TestCompany;

beforeAll(async () => {
  co = await newCompany();
});

const at = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}${path}`, { ...init, headers: { 'api-key': co.api_key, ...(init.headers as Record<string, string>) } });

describe('HTTP hygiene', () => {
  it('sets nosniff, Referrer-Policy, frame refusal and a Content-Security-Policy on every answer: pages, API, GraphQL, errors', async () => {
    const answers = {
      page: await at('/'),
      reference: await at('/api/', { headers: { accept: 'text/html' } }),
      api: await at('/api/products'),
      missing: await at('/api/products/987654321'),
      graphql: await at('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ company { id } }' }) }),
      openapi: await at('/openapi.json'),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), name).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options'), name).toBe('DENY');
      expect(res.headers.get('content-security-policy'), name).toContain("frame-ancestors 'none'");
    }
    expect(answers.api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answers.reference.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('answers TRACE and other unserved methods with 405 METHOD_NOT_ALLOWED and the methods it serves', async () => {
    // fetch() refuses to send TRACE: node:http sends anything.
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const url = new URL(`${baseUrl()}${path}`);
        const req = request({ host: url.hostname, port: url.port, path: url.pathname, method, headers: { 'api-key': co.api_key, locale: 'en-US' } }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const [method, path] of [['TRACE', '/'], ['TRACE', '/api/products'], ['TRACE', '/graphql'], ['PATCH', '/api/products']]) {
      const res = await send(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.allow).toBe('GET, HEAD, POST, PUT, DELETE, OPTIONS');
      expect(JSON.parse(res.body)).toEqual(errorBody('METHOD_NOT_ALLOWED', 'This method is not allowed on this path.'));
    }
  });

  it('answers CORS preflights for allowed origins only, and never allows credentials or reflects another origin', async () => {
    const preflight = (origin: string, path: string) =>
      fetch(`${baseUrl()}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'api-key, content-type' } });
    for (const path of ['/api/products', '/graphql']) {
      const ok = await preflight('https://allowed.example', path);
      expect(ok.status).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://allowed.example');
      expect(ok.headers.get('access-control-allow-headers')).toContain('api-key');
      expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
      const evil = await preflight('https://evil.example', path);
      expect(evil.status).toBe(204);
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    }
    const g = await at('/graphql', { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ company { id } }' }) });
    expect(g.headers.get('access-control-allow-origin')).toBeNull();
    expect(g.headers.get('access-control-allow-credentials')).toBeNull();
    const r = await at('/api/products', { headers: { origin: 'https://allowed.example' } });
    expect(r.headers.get('access-control-allow-origin')).toBe('https://allowed.example');
    expect(r.headers.get('vary')).toContain('Origin');
  });

  it('serves an uploaded HTML file as an application/octet-stream attachment, and keeps safe types', async () => {
    const P = `/api/operations/${co.operation.id}/processes`;
    const process = await client(co.api_key).post(`/operations/${co.operation.id}/processes`, { reference_code: uniq('HYG-') });
    const upload = async (name: string, type: string, text: string) => {
      const form = new FormData();
      form.append('type', 'INVOICE');
      form.append('file', new Blob([text], { type }), name);
      const res = await at(`${P}/${process.body.data.id}/documents`, { method: 'POST', body: form });
      expect(res.status).toBe(201);
      return (await res.json()).data;
    };
    const html = await upload('page.html', 'text/html', '<script>alert(document.cookie)</script>');
    const got = await at(`${P}/${process.body.data.id}/documents/${html.id}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="page.html"/);
    expect(JSON.stringify(html)).not.toMatch(/storage|key/i);
    const text = await upload('notes.txt', 'text/plain', 'hello');
    expect((await at(`${P}/${process.body.data.id}/documents/${text.id}`)).headers.get('content-type')).toBe('text/plain');
  });

  it('never answers where a file is stored: the document file type has no storage key', async () => {
    const t = await graphql(co.api_key, '{ __type(name: "ProcessDocumentFile") { fields { name } } }');
    expect(t.body.data.__type.fields.map((f: { name: string }) => f.name)).toEqual(['document_id', 'content_type', 'original_filename', 'size']);
  });
});
