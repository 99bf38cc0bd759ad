// The request examples of one documentation page, in order, each placed in the page's flow
// (docs/docs-site.md, "Request examples"): a ```sh example block of curl commands, followed by
// the ```http block of the answer it gets. The answer block may name values that later examples
// use: ```http PROCESS_ID=data.id keeps the body's `data.id` as `$PROCESS_ID`, ETAG=headers.etag
// a header, and `data.0.handlers[role=supplier].id` picks the element of a list by a field.
// The site renders the JavaScript and Python tabs from this, and the tests run the same code.
import type { ExampleFlow } from './sample-values.ts';

export interface PageExample {
  /** The curl commands, as the page shows them. */
  script: string;
  /** The answer the page shows, raw HTTP. */
  answer: string;
  flow: ExampleFlow;
}

const EXAMPLE = /```sh example\n([\s\S]*?)```\s*\n+```http((?: [A-Z_][A-Z0-9_]*=[\w.[\]=-]+)*)\n([\s\S]*?)```/g;

const capturesOf = (spec: string) =>
  spec
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((c): [string, string] => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]);

/** The status and whether there is a body, of the first answer of a raw HTTP text. */
function answerShape(answer: string): { status: number; hasBody: boolean } {
  const [head, ...rest] = answer.replace(/\r/g, '').trim().split(/\n\n/);
  return { status: Number(head.split('\n')[0].split(' ')[1]), hasBody: rest.join('\n\n').trim() !== '' };
}

/** The page's examples in order; each holds what the examples before it kept. */
export function pageExamples(source: string): PageExample[] {
  const held = new Set<string>();
  return [...source.matchAll(EXAMPLE)].map((m) => {
    const captures = capturesOf(m[2]);
    const flow: ExampleFlow = { held: new Set(held), captures, ...answerShape(m[3]) };
    for (const [name] of captures) held.add(name);
    return { script: m[1], answer: m[3], flow };
  });
}
