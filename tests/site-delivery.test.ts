// How the documentation site is delivered (docs/docs-site.md, "Pages and URLs" and "Fast pages"):
// one URL per page, compression negotiated for every text answer, fingerprinted assets
// precompressed and cached for good, the favicon, and a page readable without JavaScript.
import { request } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers.ts';

/** One request, its answer as sent: fetch would decompress the body on its own. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${baseUrl()}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

describe('delivery of the documentation site', () => {
  it('serves each page at one URL: the other form redirects with 301', async () => {
    for (const [from, to] of [
      ['/getting-started/', '/getting-started'],
      ['/processes', '/processes/'],
      ['/orders/?x=1', '/orders?x=1'],
    ]) {
      const res = await get(from);
      expect(res.status, from).toBe(301);
      expect(new URL(res.headers.get('location')!, baseUrl()).pathname + new URL(res.headers.get('location')!, baseUrl()).search).toBe(to);
    }
    expect((await get('/getting-started')).status).toBe(200);
    expect((await get('/processes/')).status).toBe(200);
    expect((await get('/no/such/page')).status).toBe(404);
  });

  it('compresses pages and /openapi.json with the encoding the client accepts', async () => {
    for (const path of ['/', '/processes/foreign_trade_shipment', '/openapi.json']) {
      const br = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(br.headers.get('content-encoding'), path).toBe('br');
      expect(br.headers.get('vary')?.toLowerCase(), path).toContain('accept-encoding');
      const text = brotliDecompressSync(br.body).toString();
      expect(text.length, path).toBeGreaterThan(1000);
      const gz = await get(path, { 'accept-encoding': 'gzip' });
      expect(gz.headers.get('content-encoding'), path).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(text);
      const plain = await get(path, { 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding'), path).toBeNull();
    }
  });

  it('serves the fingerprinted assets precompressed and cached immutable', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const scripts = [...html.matchAll(/"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(2);
    for (const src of scripts) {
      const res = await get(src, { 'accept-encoding': 'br, gzip' });
      expect(res.status, src).toBe(200);
      expect(res.headers.get('cache-control'), src).toContain('immutable');
      if (Number(res.headers.get('content-length')) > 1024 || res.headers.get('content-encoding')) expect(res.headers.get('content-encoding'), src).toBe('br');
    }
  });

  it('renders a tutorial page readable without JavaScript: text, sidebar and code tabs in the HTML', async () => {
    const html = await (await fetch(`${baseUrl()}/products`)).text();
    expect(html).toMatch(/<h1 id="[^"]+">/);
    expect(html).toContain('class="sidebar"');
    expect(html).toContain('<title>');
    // The API reference's renderer is loaded on /api/ only.
    expect(html).not.toContain('redoc');
  });

  it('serves no page over 500 KB of HTML (docs/docs-site.md, "Fast pages")', async () => {
    const home = await (await fetch(`${baseUrl()}/`)).text();
    const sidebar = /<aside class="sidebar"[\s\S]*?<\/aside>/.exec(home)?.[0] ?? '';
    const paths = [...sidebar.matchAll(/href="(\/[^"#]*)"/g)].map((m) => m[1]);
    expect(paths).toContain('/webhook-events/processes');
    const sizes = await Promise.all([...paths, '/api/'].map(async (path) => ({ path, bytes: (await get(path)).body.length })));
    expect(sizes.filter((s) => s.bytes > 500 * 1024)).toEqual([]);
  });

  it('links every REST request example of every page to its operations in the API reference', async () => {
    const home = await (await fetch(`${baseUrl()}/`)).text();
    const sidebar = /<aside class="sidebar"[\s\S]*?<\/aside>/.exec(home)?.[0] ?? '';
    const paths = [...new Set(['/', ...[...sidebar.matchAll(/href="(\/[^"#]*)"/g)].map((m) => m[1])])];
    const spec = (await (await fetch(`${baseUrl()}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string; tags: string[] }>> };
    const anchors = new Set(
      Object.values(spec.paths).flatMap((item) => Object.values(item).map((op) => `tag/${op.tags[0].replace(/\s+/g, '-')}/operation/${op.operationId}`)),
    );
    let linked = 0;
    for (const path of paths) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      const blocks = html.split('<div class="code-tabs">');
      for (let i = 1; i < blocks.length; i++) {
        const curl = (/data-lang="curl">([\s\S]*?)<\/div><\/div>/.exec(blocks[i])?.[1] ?? '').replace(/<[^>]+>/g, '');
        if (!curl.includes('$TT/api/')) continue;
        const line = /<p class="example-reference">([\s\S]*?)<\/p>$/.exec(blocks[i - 1])?.[1];
        expect(line, `${path}: ${curl.slice(0, 120)}`).toBeDefined();
        for (const [, anchor] of line!.matchAll(/href="\/api\/#([^"]+)"/g)) expect(anchors, `${path}: ${anchor}`).toContain(anchor);
        linked++;
      }
    }
    // The tutorial, products, orders, processes and keys pages alone hold far more than this.
    expect(linked).toBeGreaterThan(80);
  });

  it('has a favicon', async () => {
    const ico = await get('/favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.body.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    const svg = await get('/favicon.svg');
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
  });
});
