import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { env } from '../../graph/env';

/** A page of the documentation site: its URL slug, markdown file and sidebar title. */
export interface DocPage {
  slug: string;
  file: string;
  title: string;
  group?: string;
}

/** The tutorial pages in sidebar order; the only place site paths are declared. */
export const docPages: DocPage[] = [
  { slug: '', file: 'index.md', title: 'Introduction' },
  { slug: 'getting-started', file: 'getting-started.md', title: 'Getting started' },
  { slug: 'clients', file: 'clients.md', title: 'Generated clients' },
  { slug: 'handlers', file: 'handlers.md', title: 'Handlers' },
  { slug: 'orders', file: 'orders.md', title: 'Orders' },
  { slug: 'processes/', file: 'processes/index.md', title: 'Processes', group: 'Processes' },
  { slug: 'processes/extra_fields', file: 'processes/extra_fields.md', title: 'Extra fields', group: 'Processes' },
  { slug: 'processes/foreign_trade_shipment', file: 'processes/foreign_trade_shipment.md', title: 'Foreign trade shipment', group: 'Processes' },
  { slug: 'products', file: 'products.md', title: 'Products' },
  { slug: 'webhooks', file: 'webhooks.md', title: 'Webhooks' },
  { slug: 'graphql-api', file: 'graphql.md', title: 'GraphQL' },
  { slug: 'limits', file: 'limits.md', title: 'Limits and input rules' },
  { slug: 'security', file: 'security.md', title: 'Security' },
];

// NOTE: resolved from the working directory, like every file of the app (CONTRIBUTING.md).
const docsDir = path.resolve('docs');
const cache = new Map<string, { title: string; html: string; headings: { id: string; text: string; level: number }[] }>();

function slugify(text: string): string {
  return text.toLowerCase().replace(/<[^>]+>/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The rendered page for a URL path, or null when the site has no such page. */
export function renderDoc(urlPath: string) {
  const slug = urlPath.replace(/^\//, '');
  const page = docPages.find((p) => p.slug === slug || p.slug === `${slug}/` || `${p.slug}/` === slug);
  if (!page) return null;
  const hit = cache.get(page.file);
  if (hit && env().production) return { page, ...hit };
  const source = readFileSync(path.join(docsDir, page.file), 'utf8');
  const headings: { id: string; text: string; level: number }[] = [];
  const renderer = {
    heading({ tokens, depth }: { tokens: unknown[]; depth: number }) {
      const text = (this as unknown as { parser: { parseInline(t: unknown[]): string } }).parser.parseInline(tokens);
      const id = slugify(text);
      if (depth >= 2 && depth <= 3) headings.push({ id, text: text.replace(/<[^>]+>/g, ''), level: depth });
      return `<h${depth} id="${id}">${text}</h${depth}>\n`;
    },
  };
  const local = new Marked({ gfm: true, renderer: renderer as never });
  const html = local.parse(source, { async: false }) as string;
  const title = /^#\s+(.+)$/m.exec(source)?.[1] ?? page.title;
  const rendered = { title, html, headings };
  cache.set(page.file, rendered);
  return { page, ...rendered };
}
