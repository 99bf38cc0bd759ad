// The executed examples of the documentation (docs/index.md, "Examples in these pages"): every
// `sh example` block of docs/ runs, with curl, against the server, in page order and with a
// fresh company per page, and its answer must be the one the `http` block after it shows:
// the same status, the headers it names (a value with … matches any text there), and a body
// of the same shape (numbers, and text with …, stand for any value of their type). Each page runs
// three times, each on a company of its own: as curl, as JavaScript (fetch) and as Python
// (requests), the two made from the curl command as the page shows them (openapi/code-samples.ts).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { docFiles } from './setup/doc-files.ts';
import { javascriptOf, languages, parseCurl, pythonOf, samplesOf } from '../openapi/code-samples.ts';
import { pageExamples, type PageExample } from '../openapi/page-examples.ts';
import { javascriptName } from '../openapi/sample-javascript.ts';
import { capturedHeader, sendsKey, valueAt } from '../openapi/sample-values.ts';
import { baseUrl, newCompany } from './helpers.ts';

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** Raw HTTP answers (curl -i output, or the documented ones), one after the other. */
function answers(text: string): Answer[] {
  return text
    .replace(/\r/g, '')
    .split(/^(?=HTTP\/[\d.]+ \d{3})/m)
    .filter((part) => part.trim())
    .map((part) => {
      const [head, ...rest] = part.split(/\n\n/);
      const [statusLine, ...headerLines] = head.split('\n');
      return {
        status: Number(statusLine.split(' ')[1]),
        headers: headerLines.filter((l) => l.includes(':')).map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as [string, string]),
        body: rest.join('\n\n').trim(),
      };
    });
}

const wildcard = (expected: string) => new RegExp(`^${expected.split('…').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
const isTime = (s: string) => /^\d{4}-\d\d-\d\dT/.test(s);

/** Where `actual` differs from the documented `expected`, as dotted paths. */
function differences(expected: unknown, actual: unknown, at = 'body'): string[] {
  if (typeof expected === 'number') return typeof actual === 'number' ? [] : [at];
  if (typeof expected === 'string') {
    if (typeof actual !== 'string') return [at];
    if (expected.includes('…')) return wildcard(expected).test(actual) ? [] : [at];
    return expected === actual || (isTime(expected) && isTime(actual)) ? [] : [`${at}: ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [at];
    return expected.flatMap((e, i) => (i < actual.length ? differences(e, actual[i], `${at}.${i}`) : [`${at}.${i} missing`]));
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') return [at];
    return Object.entries(expected).flatMap(([k, v]) => (k in actual ? differences(v, (actual as Record<string, unknown>)[k], `${at}.${k}`) : [`${at}.${k} missing`]));
  }
  return expected === actual ? [] : [at];
}

const documented = docFiles()
  .map((file) => ({ file, examples: pageExamples(readFileSync(file, 'utf8')) }))
  .filter((p) => p.examples.length);

const SEPARATOR = '\n=== next example ===\n';

/** The output of a program, also when it fails (then with what it wrote to stderr). */
async function output(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    return (await promisify(execFile)(command, args, { env, encoding: 'utf8', timeout: 120_000 })).stdout;
  } catch (e) {
    const failed = e as { stdout?: string; stderr?: string; message: string };
    return `${failed.stdout ?? ''}\n${failed.stderr ?? failed.message}`;
  }
}

/**
 * A page's JavaScript or Python examples, run as the one program they are in pieces (docs/docs-site.md,
 * "Request examples"), each piece as the page shows it: the answers each piece receives, as raw HTTP.
 */
const programs: Record<'javascript' | 'python', (examples: PageExample[], env: NodeJS.ProcessEnv) => Promise<string[]>> = {
  javascript: async (examples, env) => {
    const pieces = examples.map((e) => ({ code: javascriptOf(parseCurl(e.script), e.flow), kept: e.flow.captures.map(([name]) => javascriptName(name)) }));
    return (await output('node', ['--input-type=module', '-e', JS_RUNNER], { ...env, TT_PIECES: JSON.stringify(pieces) })).split(SEPARATOR).slice(1);
  },
  python: async (examples, env) => {
    const pieces = examples.map((e) => pythonOf(parseCurl(e.script), e.flow));
    return (await output('python3', ['-c', PY_RUNNER], { ...env, TT_PIECES: JSON.stringify(pieces) })).split(SEPARATOR).slice(1);
  },
};

// The pieces' own output is silenced; every answer fetch receives is printed whole. Each piece
// runs as the body of a function that is given the values earlier pieces kept, and returns its own.
const JS_RUNNER = `
const realFetch = globalThis.fetch;
console.log = () => {};
globalThis.fetch = async (...args) => {
  const r = await realFetch(...args);
  const body = await r.clone().text();
  process.stdout.write('HTTP/1.1 ' + r.status + ' ' + r.statusText + '\\n' + [...r.headers].map(([k, v]) => k + ': ' + v).join('\\n') + '\\n\\n' + body + '\\n');
  return r;
};
const AsyncFunction = (async () => {}).constructor;
const held = {};
for (const { code, kept } of JSON.parse(process.env.TT_PIECES)) {
  process.stdout.write(${JSON.stringify(SEPARATOR)});
  const names = Object.keys(held);
  const piece = new AsyncFunction(...names, code + '\\nreturn { ' + kept.join(', ') + ' };');
  Object.assign(held, await piece(...names.map((n) => held[n])));
}`;

// The pieces run one after the other in one namespace, as a script or a notebook would.
const PY_RUNNER = `
import builtins, json, os, sys, requests
_request = requests.Session.request
def _recorded(self, *args, **kwargs):
    r = _request(self, *args, **kwargs)
    sys.stdout.write(f"HTTP/1.1 {r.status_code} {r.reason}\\n" + "".join(f"{k}: {v}\\n" for k, v in r.headers.items()) + "\\n" + r.text + "\\n")
    return r
requests.Session.request = _recorded
builtins.print = lambda *a, **k: None
namespace = {}
for piece in json.loads(os.environ["TT_PIECES"]):
    sys.stdout.write(${JSON.stringify(SEPARATOR)})
    exec(compile(piece, "example.py", "exec"), namespace)
`;

/** Where the answers a piece got differ from those its page shows. */
function compare(script: string, got: string, answer: string) {
  const received = answers(got);
  const want = answers(answer);
  expect(received.length, `${script}\n${got}`).toBe(want.length);
  want.forEach((w, i) => {
    const g = received[i];
    expect(g.status, `${script}\n${got}`).toBe(w.status);
    for (const [name, value] of w.headers) {
      const actual = g.headers.find(([n]) => n === name)?.[1];
      expect(actual, `header ${name} of\n${script}`).toBeDefined();
      expect(actual, `header ${name} of\n${script}`).toMatch(wildcard(value));
    }
    if (w.body) expect(differences(JSON.parse(w.body), JSON.parse(g.body)), `${script}\n${g.body}`).toEqual([]);
  });
  return received;
}

describe('executed examples of the documentation', () => {
  it('has examples', () => {
    expect(documented.length).toBeGreaterThan(0);
  });

  it('runs every request example: none is shown without its answer (docs/docs-site.md, "Request examples")', () => {
    const unexecuted = docFiles().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/```(sh|bash)( example)?\n([\s\S]*?)```(\s*\n+```http)?/g)]
        .filter((m) => samplesOf(m[3]) && !(m[2] && m[4]))
        .map((m) => `${file}: ${m[3].split('\n')[0]}`),
    );
    expect(unexecuted).toEqual([]);
  });

  it('reads the base URL from $TT and the key from $TT_API_KEY in every request example (docs/getting-started.md)', () => {
    const hardCoded = documented.flatMap(({ file, examples }) =>
      examples.filter((e) => !e.script.includes('"$TT/') || /localhost|127\.0\.0\.1/.test(e.script)).map((e) => `${file}: ${e.script.split('\n')[0]}`),
    );
    expect(hardCoded).toEqual([]);
    const keys = documented.flatMap(({ examples }) => examples.flatMap((e) => parseCurl(e.script)).filter(sendsKey));
    expect(keys.length).toBeGreaterThan(100);
  });

  // Each page runs on a company of its own, so the pages and languages run concurrently
  // (vitest's maxConcurrency at a time); a page's examples run one after the other.
  for (const { file, examples } of documented) {
    for (const { id: language } of languages) {
      it.concurrent(`${file}: every example answers as documented, in ${language}`, async () => {
        const company = await newCompany();
        // What a reader has set up before the page (docs/getting-started.md): the server's base
        // URL, the key and the id of the company's operation.
        const vars: Record<string, string> = { TT: baseUrl(), TT_API_KEY: company.api_key, OPERATION_ID: String(company.operation.id) };
        if (language !== 'curl') {
          const outputs = await programs[language](examples, { ...process.env, ...vars });
          examples.forEach(({ script, answer }, i) => compare(script, outputs[i] ?? `(not run: an earlier piece failed)\n${outputs.at(-1)}`, answer));
          return;
        }
        for (const { script, answer, flow } of examples) {
          const got = await output('bash', ['-c', script], { ...process.env, ...vars });
          const last = compare(script, got, answer).at(-1)!;
          for (const [name, at] of flow.captures) {
            // `headers.etag` names a header of the answer; any other path, a value of its JSON body.
            const header = capturedHeader(at);
            const value = header ? last.headers.find(([n]) => n === header)?.[1] : valueAt(JSON.parse(last.body), at);
            expect(value, `${name}=${at} of\n${script}`).toBeDefined();
            vars[name] = String(value);
          }
        }
        // A page runs a few dozen requests, each in a program of its own for curl.
      }, 180_000);
    }
  }
});
