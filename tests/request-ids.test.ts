// Request ids and the request log (docs/security.md, Request ids and logs): every answer names
// its request in `X-Request-Id` (the client's own when sane), error bodies carry it as
// `request_id`, and each request writes one JSON line without key, query or body.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newCompany, uniq, type TestCompany, sharedApp } from './helpers.ts';

const MADE = /^req_[0-9a-f]{24}$/;

/** The request log's line of `id`, waiting a little for it to be written. */
async function logLine(id: string): Promise<Record<string, any>> {
  for (let i = 0; i < 50; i++) {
    const line = readFileSync(sharedApp().serverOut, 'utf8')
      .split('\n')
      .find((l) => l.includes(`"request_id":"${id}"`));
    if (line) {
      // Each key once: a reader keeping the first of two would see an empty company.
      const keys = [...line.matchAll(/"(\w+)":/g)].map((m) => m[1]);
      expect(keys.filter((k) => k === 'company_id' || k === 'route')).toHaveLength(2);
      return JSON.parse(line);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no log line for ${id}`);
}

describe('request ids and the request log', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await newCompany();
  });

  it('names every answer, API, GraphQL, pages and refusals alike, with an id of its own', async () => {
    const answers = await Promise.all([
      fetch(`${baseUrl()}/api/products`, { headers: { 'api-key': c.api_key } }),
      fetch(`${baseUrl()}/api/products/999999999`, { headers: { 'api-key': c.api_key } }),
      fetch(`${baseUrl()}/graphql`, { method: 'POST', headers: { 'api-key': c.api_key, 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' }),
      fetch(`${baseUrl()}/`),
      fetch(`${baseUrl()}/openapi.json`),
      fetch(`${baseUrl()}/api/products`, { method: 'DELETE' }),
    ]);
    const ids = answers.map((a) => a.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(MADE);
    expect(new Set(ids).size).toBe(ids.length);
    // The error bodies quote the same id.
    expect((await answers[1].json()).request_id).toBe(ids[1]);
    expect((await answers[5].json()).request_id).toBe(ids[5]);
  });

  it('keeps a sane id the client sends and replaces any other', async () => {
    const own = `trace-${uniq()}.01:a_b`;
    const kept = await fetch(`${baseUrl()}/api/products/999999999`, { headers: { 'api-key': c.api_key, 'x-request-id': own } });
    expect(kept.headers.get('x-request-id')).toBe(own);
    expect((await kept.json()).request_id).toBe(own);
    for (const bad of ['has spaces in it', 'x'.repeat(129), '<script>', '']) {
      const res = await fetch(`${baseUrl()}/api/products?limit=1`, { headers: { 'api-key': c.api_key, 'x-request-id': bad } });
      expect(res.headers.get('x-request-id'), bad).toMatch(MADE);
    }
  });

  it('logs one JSON line per request with id, company, route, method, path, status and duration, and nothing the client sent', async () => {
    const id = `log-${uniq()}`;
    const code = uniq('SECRET-CODE-');
    const created = await fetch(`${baseUrl()}/api/products?locale=en-US`, {
      method: 'POST',
      headers: { 'api-key': c.api_key, 'content-type': 'application/json', 'x-request-id': id },
      body: JSON.stringify({ params: { code, description: 'Valve' } }),
    });
    expect(created.status).toBe(201);
    const line = await logLine(id);
    expect(line).toMatchObject({
      level: 30,
      request_id: id,
      company_id: c.company.id,
      route: 'products.create',
      req: { method: 'POST', path: '/api/products' },
      res: { status: 201 },
      msg: 'request completed',
    });
    expect(typeof line.duration_ms).toBe('number');
    // The write's time recording its event, part of its whole time.
    expect(line.outbox_ms).toBeGreaterThan(0);
    expect(line.outbox_ms).toBeLessThanOrEqual(line.duration_ms + 1);
    const text = JSON.stringify(line);
    for (const secret of [c.api_key, code, 'locale=en-US', 'Valve']) expect(text).not.toContain(secret);

    // A refused request is logged too, without a company when its key is wrong.
    const refusedId = `log-${uniq()}`;
    expect((await fetch(`${baseUrl()}/api/products`, { headers: { 'api-key': 'tt_nope_nope', 'x-request-id': refusedId } })).status).toBe(401);
    const refused = await logLine(refusedId);
    expect(refused).toMatchObject({ company_id: null, route: 'products.list', res: { status: 401 } });
    // It wrote nothing: no time recording events.
    expect(refused).not.toHaveProperty('outbox_ms');
  });
});
