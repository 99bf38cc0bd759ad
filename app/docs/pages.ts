// The pages of the documentation site, in sidebar order: the only place site paths are declared
// (docs/docs-site.md). A slug is the page's canonical URL path without its leading slash; a
// section index ends with a slash. Every page's markdown lives under docs/.
import { readdirSync } from 'node:fs';

/** A page of the documentation site: its URL slug, markdown file and sidebar title. */
export interface DocPage {
  slug: string;
  file: string;
  title: string;
  /** The sidebar category it sits in; categories never collapse. */
  group?: string;
}

/** The design records, one page each, in number order (docs/decisions/NNN-name.md). */
function decisionPages(): DocPage[] {
  return readdirSync('docs/decisions')
    .filter((f) => /^\d{3}-.+\.md$/.test(f))
    .sort()
    .map((f) => ({
      slug: `decisions/${f.slice(0, -3)}`,
      file: `decisions/${f}`,
      title: `${f.slice(0, 3)} ${f.slice(4, -3).replace(/-/g, ' ')}`,
      group: 'Design records',
    }));
}

/**
 * The webhook event samples, one page per group of event types (by the type's first word), under
 * docs/webhook-events/. One page held them all until its HTML passed 2 MB (highlighted JSON);
 * each group's page stays under 500 KB (docs/docs-site.md, "Fast pages"). The delivery test
 * writes and checks them (tests/webhooks/samples.ts).
 */
export const webhookSampleGroups = [
  { slug: 'orders', title: 'Order events', prefixes: ['order'] },
  { slug: 'processes', title: 'Process events', prefixes: ['process'] },
  { slug: 'shipments', title: 'Shipment, container and customs events', prefixes: ['shipment', 'container', 'customs'] },
  { slug: 'costs', title: 'Cost events', prefixes: ['costs'] },
  { slug: 'products-documents', title: 'Product and document events', prefixes: ['product', 'document'] },
] as const;

const webhookSamplePages = (): DocPage[] =>
  webhookSampleGroups.map((g) => ({ slug: `webhook-events/${g.slug}`, file: `webhook-events/${g.slug}.md`, title: g.title, group: 'Integration' }));

export function docPages(): DocPage[] {
  return [
    { slug: '', file: 'index.md', title: 'Introduction' },
    { slug: 'getting-started', file: 'getting-started.md', title: 'Getting started' },
    { slug: 'tutorial', file: 'tutorial.md', title: 'Tutorial: an import end to end' },
    { slug: 'authentication', file: 'authentication.md', title: 'Authentication' },
    { slug: 'errors', file: 'errors.md', title: 'Errors' },
    { slug: 'clients', file: 'clients.md', title: 'Generated clients' },
    { slug: 'handlers', file: 'handlers.md', title: 'Handlers', group: 'Resources' },
    { slug: 'orders', file: 'orders.md', title: 'Orders', group: 'Resources' },
    { slug: 'products', file: 'products.md', title: 'Products', group: 'Resources' },
    { slug: 'processes/', file: 'processes/index.md', title: 'Processes', group: 'Processes' },
    { slug: 'processes/extra_fields', file: 'processes/extra_fields.md', title: 'Extra fields', group: 'Processes' },
    { slug: 'processes/foreign_trade_shipment', file: 'processes/foreign_trade_shipment.md', title: 'Foreign trade shipment', group: 'Processes' },
    { slug: 'tracking', file: 'tracking.md', title: 'Carrier tracking', group: 'Integration' },
    { slug: 'webhooks', file: 'webhooks.md', title: 'Webhooks', group: 'Integration' },
    { slug: 'webhook-events', file: 'webhook-events.md', title: 'Webhook event samples', group: 'Integration' },
    ...webhookSamplePages(),
    { slug: 'graphql-api', file: 'graphql.md', title: 'GraphQL', group: 'Integration' },
    { slug: 'graphql-questions', file: 'graphql-questions.md', title: 'GraphQL: ten everyday questions', group: 'Integration' },
    { slug: 'graphql-aggregates', file: 'graphql-aggregates.md', title: 'GraphQL: aggregates', group: 'Integration' },
    { slug: 'graphql-dashboards', file: 'graphql-dashboards.md', title: 'GraphQL: dashboard questions', group: 'Integration' },
    { slug: 'limits', file: 'limits.md', title: 'Limits and input rules', group: 'Integration' },
    { slug: 'security', file: 'security.md', title: 'Security', group: 'Integration' },
    { slug: 'versioning', file: 'versioning.md', title: 'Versioning and deprecation', group: 'Reference' },
    { slug: 'changelog', file: 'changelog.md', title: 'Changelog', group: 'Reference' },
    { slug: 'glossary', file: 'glossary.md', title: 'Glossary', group: 'Reference' },
    { slug: 'benchmarks', file: 'benchmarks.md', title: 'Benchmarks', group: 'Reference' },
    { slug: 'docs-site', file: 'docs-site.md', title: 'About these pages', group: 'Reference' },
    { slug: 'decisions/', file: 'decisions/index.md', title: 'Design records', group: 'Design records' },
    ...decisionPages(),
  ];
}
