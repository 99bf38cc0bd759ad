// The sample payloads of the webhook event pages (docs/webhook-events.md and the pages under
// docs/webhook-events/, one per group of event types) are deliveries the tests received. The
// delivery test checks each documented sample against a real delivery of its type: the same
// fields, at every depth, with values of the same kinds. With WRITE_WEBHOOK_SAMPLES=1 it
// writes the pages again from the deliveries it received.
import { readFileSync, writeFileSync } from 'node:fs';
import { webhookSampleGroups } from '../../app/docs/pages.ts';

const INDEX = 'docs/webhook-events.md';

/** The pages of samples, by the types' first word (app/docs/pages.ts). */
const SAMPLE_PAGES = webhookSampleGroups;

const pageFile = (slug: string) => `docs/webhook-events/${slug}.md`;
const pageOf = (type: string) => SAMPLE_PAGES.find((p) => (p.prefixes as readonly string[]).includes(type.split('.')[0]));

const HEAD = [
  '# Webhook event samples',
  '',
  'One delivery of each [event type](/webhooks#event-catalogue), exactly as a test run received',
  'it: the body your endpoint gets, after the [signature](/webhooks#verifying-deliveries) is',
  'checked. Ids, codes and dates are that run\'s. A process carries every field its `GET` answers,',
  '`null` where the run left it empty. The tests compare every sample here with a delivery of',
  'the same type on each run: the same fields at every depth, with values of the same kinds.',
  '',
  'The samples are on one page per group of types:',
];

/** Every sample of the pages, by event type in `types` order (any other after them); written from `received` first with WRITE_WEBHOOK_SAMPLES=1. */
export function documentedSamples(types: string[], received: Map<string, unknown>): Map<string, unknown> {
  if (process.env.WRITE_WEBHOOK_SAMPLES) writeSamples(types, received);
  const found = new Map<string, unknown>();
  for (const page of SAMPLE_PAGES) {
    const text = readFileSync(pageFile(page.slug), 'utf8');
    for (const m of text.matchAll(/<summary><code>([a-z_.]+)<\/code><\/summary>\n\n```json\n([\s\S]*?)\n```/g)) found.set(m[1], JSON.parse(m[2]));
  }
  const ordered = new Map<string, unknown>();
  for (const type of [...types.filter((t) => found.has(t)), ...found.keys()]) ordered.set(type, found.get(type));
  return ordered;
}

/** What a value looks like without its values: the kinds of its leaves, the fields of its objects, the look of an array's first item. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, shapeOf(v)]));
  return typeof value;
}

/** Writes the index and the pages again, one folded block per type, in `types` order. */
function writeSamples(types: string[], received: Map<string, unknown>): void {
  const unplaced = types.filter((t) => !pageOf(t));
  if (unplaced.length) throw new Error(`no sample page for ${unplaced.join(', ')}: add its group to SAMPLE_PAGES`);
  const block = (t: string) => `<details>\n<summary><code>${t}</code></summary>\n\n\`\`\`json\n${JSON.stringify(received.get(t), null, 2)}\n\`\`\`\n\n</details>`;
  const list = SAMPLE_PAGES.map((p) => {
    const own = types.filter((t) => pageOf(t) === p);
    return `- [${p.title}](/webhook-events/${p.slug}): ${own.map((t) => `\`${t}\``).join(', ')}`;
  });
  writeFileSync(INDEX, [...HEAD, '', ...list, ''].join('\n'));
  for (const p of SAMPLE_PAGES) {
    const own = types.filter((t) => pageOf(t) === p);
    const head = [`# ${p.title}`, '', `Samples of [webhook events](/webhook-events) as a test run received them.`];
    writeFileSync(pageFile(p.slug), [...head, '', ...own.map(block), ''].join('\n'));
  }
}
