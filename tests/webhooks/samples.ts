// The sample payloads of docs/webhook-events.md are deliveries the tests received. The
// delivery test checks each documented sample against a real delivery of its type: the same
// fields, at every depth, with values of the same kinds. With WRITE_WEBHOOK_SAMPLES=1 it
// writes the page again from the deliveries it received.
import { readFileSync, writeFileSync } from 'node:fs';

const PAGE = 'docs/webhook-events.md';
const HEAD = [
  '# Webhook event samples',
  '',
  'One delivery of each [event type](/webhooks#event-catalogue), exactly as a test run received',
  'it: the body your endpoint gets, after the [signature](/webhooks#verifying-deliveries) is',
  'checked. Ids, codes and dates are that run\'s. A process carries every field its `GET` answers,',
  '`null` where the run left it empty. The tests compare every sample here with a delivery of',
  'the same type on each run: the same fields at every depth, with values of the same kinds.',
];

/** Every sample of the page, by event type; written from `received` first with WRITE_WEBHOOK_SAMPLES=1. */
export function documentedSamples(types: string[], received: Map<string, unknown>): Map<string, unknown> {
  if (process.env.WRITE_WEBHOOK_SAMPLES) writeSamples(types, received);
  const text = readFileSync(PAGE, 'utf8');
  const samples = new Map<string, unknown>();
  for (const m of text.matchAll(/<summary><code>([a-z_.]+)<\/code><\/summary>\n\n```json\n([\s\S]*?)\n```/g)) samples.set(m[1], JSON.parse(m[2]));
  return samples;
}

/** What a value looks like without its values: the kinds of its leaves, the fields of its objects, the look of an array's first item. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, shapeOf(v)]));
  return typeof value;
}

/** Writes the page again, one folded block per type, in `types` order. */
function writeSamples(types: string[], received: Map<string, unknown>): void {
  const blocks = types.map((t) => `<details>\n<summary><code>${t}</code></summary>\n\n\`\`\`json\n${JSON.stringify(received.get(t), null, 2)}\n\`\`\`\n\n</details>`);
  writeFileSync(PAGE, [...HEAD, '', ...blocks, ''].join('\n'));
}
