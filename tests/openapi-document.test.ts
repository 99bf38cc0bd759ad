// The OpenAPI document the server publishes at /openapi.json: both linters pass it with no
// problem, every integer is bounded and every route is described. No database changes it, so
// it runs on the PGlite run only (vitest.config.ts). The linters' answer for a document they
// read before is kept (tests/setup/openapi-lint-cache.ts); a new one is linted in the hook.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './helpers.ts';
import { lintOpenApiOnce } from './setup/openapi-lint-cache.ts';

describe('the API platform', () => {
  let res: Response;
  let doc: any;
  let problems: string[];
  beforeAll(async () => {
    res = await fetch(`${baseUrl()}/openapi.json`);
    if (!res.ok) return;
    doc = await res.json();
    problems = await lintOpenApiOnce(JSON.stringify(doc));
    // Two linters over a document of a few MB take a minute on a busy machine of two cores.
  }, 240_000);

  it('publishes an OpenAPI 3 description, version 1.0, that passes Redocly and Spectral with no problem and covers every route', async () => {
    expect(res.status).toBe(200);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('1.0');
    expect(doc.components.securitySchemes['api-key']).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'api-key' }));
    expect(problems).toEqual([]);
    // Every integer is bounded as the server reads it, so a generated client never sends one it refuses.
    const integers: Record<string, unknown>[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        if ((node as { type?: unknown }).type === 'integer') integers.push(node as Record<string, unknown>);
        Object.values(node).forEach(walk);
      }
    };
    walk(doc);
    expect(integers.length).toBeGreaterThan(100);
    for (const i of integers) expect(i).toEqual(expect.objectContaining({ minimum: expect.any(Number), maximum: expect.any(Number) }));
    expect(integers.filter((i) => i.format !== 'int32')).toEqual([]);
    expect(doc.info.contact).toEqual(expect.objectContaining({ url: expect.any(String), email: expect.any(String) }));
    const { routes } = await import('../rest/routes/index.ts');
    for (const r of routes) {
      const op = doc.paths[r.path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      expect(op.operationId).toBe(r.id);
      for (const status of ['400', '401', '404', '422', '500']) expect(op.responses[status]).toBeDefined();
      const media = r.download ? 'application/octet-stream' : 'application/json';
      expect(op.responses[String(r.status)].content[media][r.download ? 'schema' : 'example']).toBeDefined();
    }
  });
});
