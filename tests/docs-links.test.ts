// Every link of the documentation site leads somewhere (docs/docs-site.md, "Pages and URLs"): crawled
// over HTTP from the introduction, each page's internal links must answer 200 and each anchor
// must name a heading of its page, or an operation or tag of the API reference.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../openapi/code-samples.ts';
import { pageExamples } from '../openapi/page-examples.ts';
import { literal } from '../openapi/sample-values.ts';
import { baseUrl } from './helpers.ts';

const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const ids = (html: string) => new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));

type Description = { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };
const description = async () => (await (await fetch(`${baseUrl()}/openapi.json`)).json()) as Description;

/** The anchors Redoc gives the reference: one per tag and one per operation. */
async function referenceAnchors(): Promise<Set<string>> {
  const doc = await description();
  const anchors = new Set<string>();
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item)) {
      if (!op?.operationId) continue;
      anchors.add(`operation/${op.operationId}`);
      for (const tag of op.tags ?? []) {
        anchors.add(`tag/${tag.replace(/ /g, '-')}`);
        anchors.add(`tag/${tag.replace(/ /g, '-')}/operation/${op.operationId}`);
      }
    }
  return anchors;
}

describe('links of the documentation site', () => {
  it('has no broken link or anchor on any page', async () => {
    const reference = await referenceAnchors();
    const pages = new Map<string, string>();
    const queue = ['/'];
    const broken: string[] = [];
    const links: [string, string][] = [];
    while (queue.length) {
      const path = queue.shift()!;
      if (pages.has(path)) continue;
      const res = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
      if (res.status !== 200) {
        broken.push(`${path}: ${res.status}`);
        pages.set(path, '');
        continue;
      }
      const html = await res.text();
      pages.set(path, html);
      for (const href of hrefs(html)) {
        if (/^(https?:|mailto:)/.test(href)) continue;
        const url = new URL(href, `${baseUrl()}${path}`);
        links.push([path, href]);
        const isPage = !/\.(json|svg|ico|js|css)$/.test(url.pathname) && url.pathname !== '/graphql';
        if (isPage && !pages.has(url.pathname)) queue.push(url.pathname);
        else if (!isPage) {
          const asset = await fetch(url, { method: 'HEAD' });
          if (asset.status !== 200) broken.push(`${path}: ${href} answers ${asset.status}`);
        }
      }
    }
    for (const [from, href] of links) {
      const url = new URL(href, `${baseUrl()}${from}`);
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (!anchor) continue;
      if (url.pathname === '/api/') {
        if (!reference.has(anchor)) broken.push(`${from}: ${href} (no such operation or tag)`);
      } else if (pages.get(url.pathname) !== undefined && !ids(pages.get(url.pathname)!).has(anchor)) broken.push(`${from}: ${href} (no such heading)`);
    }
    expect(broken).toEqual([]);
    expect(pages.size).toBeGreaterThan(25);
    expect(links.length).toBeGreaterThan(300);
    // The crawl fetches every page of the site and checks its assets: a minute on a busy machine.
  }, 180_000);

  // The guides that walk through calls link each one to its operation (docs/docs-site.md,
  // "Request examples"): the text between an example and the one before it names the operation
  // the example calls.
  it('links every REST call of the tutorial and of Getting started to its operation in the reference', async () => {
    const doc = await description();
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`), id: op.operationId })),
    );
    const unlinked: string[] = [];
    let checked = 0;
    for (const file of ['docs/tutorial.md', 'docs/getting-started.md']) {
      const source = readFileSync(file, 'utf8');
      let from = 0;
      for (const { script } of pageExamples(source)) {
        const at = source.indexOf(script, from);
        const before = source.slice(from, at);
        from = at + script.length;
        for (const request of parseCurl(script)) {
          // The path after `$TT/api`, its variables standing for any segment.
          const url = request.url.map((p) => (typeof p === 'string' ? p : 'x')).join('');
          if (!url.startsWith('x/api/')) continue;
          const path = url.slice('x/api'.length).split('?')[0];
          const op = operations.find((o) => o.method === request.method && o.pattern.test(path));
          checked++;
          if (!op || !before.includes(`/operation/${op.id})`)) unlinked.push(`${file}: ${request.method} ${literal(request.url) ?? path} (${op?.id ?? 'no operation'})`);
        }
      }
    }
    expect(unlinked).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  });
});

