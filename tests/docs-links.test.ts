// Every link of the documentation site leads somewhere (docs/docs-site.md, "Pages and URLs"): crawled
// over HTTP from the introduction, each page's internal links must answer 200 and each anchor
// must name a heading of its page, or an operation or tag of the API reference.
import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers.ts';

const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const ids = (html: string) => new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));

/** The anchors Redoc gives the reference: one per tag and one per operation. */
async function referenceAnchors(): Promise<Set<string>> {
  const doc = (await (await fetch(`${baseUrl()}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };
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
  });
});
