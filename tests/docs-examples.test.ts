// The executed examples of the documentation (docs/index.md, "Examples in these pages"): every
// `sh example` block of docs/ runs, with curl, against the server, in page order and with a
// fresh company per page, and its answer must be the one the `http` block after it shows:
// the same status, the headers it names (a value with … matches any text there), and a body
// of the same shape (numbers, and text with …, stand for any value of their type). Each page runs
// three times, each on a company of its own: as curl, as JavaScript (fetch) and as Python
// (requests), the two made from the curl command as the page shows them (openapi/code-samples.ts).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { javascriptOf, languages, parseCurl, pythonOf, samplesOf, type Language } from '../openapi/code-samples.ts';
import { baseUrl, newCompany } from './helpers.ts';

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === 'decisions' ? [] : pages(p);
    return f.endsWith('.md') ? [p] : [];
  });
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

// An answer block may name values later examples use: ```http NAME=data.0.id sets $NAME from
// the body, ```http NAME=headers.etag from a header.
const example = /```sh example\n([\s\S]*?)```\s*\n+```http((?: [A-Z_][A-Z0-9_]*=[\w.]+)*)\n([\s\S]*?)```/g;
const captures = (spec: string) => spec.trim().split(/\s+/).filter(Boolean).map((c) => c.split('=') as [string, string]);
const documented = pages('docs')
  .map((file) => ({ file, examples: [...readFileSync(file, 'utf8').matchAll(example)].map((m) => ({ script: m[1], captures: captures(m[2]), answer: m[3] })) }))
  .filter((p) => p.examples.length);

/** How each language runs a page's requests: the answers come out as raw HTTP, one after the other. */
const runners: Record<Language, (script: string, env: NodeJS.ProcessEnv) => string> = {
  curl: (script, env) => execFileSync('bash', ['-c', script], { env, encoding: 'utf8', timeout: 30_000 }),
  // The sample's own output is silenced; every answer fetch receives is printed whole.
  javascript: (script, env) =>
    execFileSync('node', ['--input-type=module', '-e', `${JS_RECORDER}\n${javascriptOf(parseCurl(script))}`], { env, encoding: 'utf8', timeout: 30_000 }),
  python: (script, env) =>
    execFileSync('python3', ['-c', PY_RECORDER], { env: { ...env, TT_SAMPLE: pythonOf(parseCurl(script)) }, encoding: 'utf8', timeout: 30_000 }),
};

const JS_RECORDER = `
const realFetch = globalThis.fetch;
console.log = () => {};
globalThis.fetch = async (...args) => {
  const r = await realFetch(...args);
  const body = await r.clone().text();
  process.stdout.write('HTTP/1.1 ' + r.status + ' ' + r.statusText + '\\n' + [...r.headers].map(([k, v]) => k + ': ' + v).join('\\n') + '\\n\\n' + body + '\\n');
  return r;
};`;

const PY_RECORDER = `
import builtins, os, sys, requests
_request = requests.Session.request
def _recorded(self, *args, **kwargs):
    r = _request(self, *args, **kwargs)
    sys.stdout.write(f"HTTP/1.1 {r.status_code} {r.reason}\\n" + "".join(f"{k}: {v}\\n" for k, v in r.headers.items()) + "\\n" + r.text + "\\n")
    return r
requests.Session.request = _recorded
builtins.print = lambda *a, **k: None
exec(compile(os.environ["TT_SAMPLE"], "example.py", "exec"), {})
`;

describe('executed examples of the documentation', () => {
  it('has examples', () => {
    expect(documented.length).toBeGreaterThan(0);
  });

  it('runs every request example: none is shown without its answer (docs/docs-site.md, "Request examples")', () => {
    const unexecuted = pages('docs').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/```(sh|bash)( example)?\n([\s\S]*?)```(\s*\n+```http)?/g)]
        .filter((m) => samplesOf(m[3]) && !(m[2] && m[4]))
        .map((m) => `${file}: ${m[3].split('\n')[0]}`),
    );
    expect(unexecuted).toEqual([]);
  });

  for (const { file, examples } of documented) {
    for (const { id: language } of languages) {
      it(`${file}: every example answers as documented, in ${language}`, async () => {
        const company = await newCompany();
        // What a reader has set up before the page (docs/getting-started.md): the key, the API's
        // base URL and the id of the company's operation.
        const vars: Record<string, string> = { TT_API_KEY: company.api_key, TT: `${baseUrl()}/api`, OPERATION_ID: String(company.operation.id) };
        for (const { script, captures, answer } of examples) {
          const run = script.replaceAll('http://localhost:3000', baseUrl());
          const output = runners[language](run, { ...process.env, ...vars });
          const got = answers(output);
          const want = answers(answer);
          expect(got.length, `${script}\n${output}`).toBe(want.length);
          want.forEach((w, i) => {
            const g = got[i];
            expect(g.status, `${script}\n${output}`).toBe(w.status);
            for (const [name, value] of w.headers) {
              const actual = g.headers.find(([n]) => n === name)?.[1];
              expect(actual, `header ${name} of\n${script}`).toBeDefined();
              expect(actual, `header ${name} of\n${script}`).toMatch(wildcard(value));
            }
            if (w.body) expect(differences(JSON.parse(w.body), JSON.parse(g.body)), `${script}\n${g.body}`).toEqual([]);
          });
          for (const [name, at] of captures) {
            const last = got[got.length - 1];
            // `headers.etag` names a header of the answer; any other path, a value of its JSON body.
            const value = at.startsWith('headers.')
              ? last.headers.find(([n]) => n === at.slice('headers.'.length).toLowerCase())?.[1]
              : at.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], JSON.parse(last.body));
            expect(value, `${name}=${at} of\n${script}`).toBeDefined();
            vars[name] = String(value);
          }
        }
      });
    }
  }
});
