// One request, three languages (docs/docs-site.md, "Request examples"): a request written as a
// curl command is read into its parts and written again as JavaScript (fetch) and Python
// (requests). The documentation pages show the three as tabs and `npm test` runs all three; the
// OpenAPI document's `x-codeSamples` are made the same way.

import { javascriptOf } from './sample-javascript.ts';
import { pythonOf } from './sample-python.ts';
import { STANDALONE, literal, type ExampleFlow, type Part, type SampleRequest, type Text } from './sample-values.ts';

export type { ExampleFlow, Part, SampleRequest, Text } from './sample-values.ts';
export { javascriptOf, pythonOf };

export type Language = 'curl' | 'javascript' | 'python';
export const languages: { id: Language; label: string }[] = [
  { id: 'curl', label: 'curl' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
];

/** Flags that change only how curl prints or fetches, not the request. */
const QUIET_FLAGS = new Set(['-s', '-i', '-g', '-S', '-f', '-si', '-is', '-sig', '-sS', '-siS', '--silent', '--include', '--globoff', '--compressed', '--fail', '--show-error']);
const DATA_FLAGS = new Set(['-d', '--data', '--data-raw', '--data-binary']);

/** Shell words of one command line, with `$NAME` / `${NAME}` kept as variables (not in single quotes). */
function words(line: string): Text[] {
  const out: Text[] = [];
  let word: Text | null = null;
  const push = (p: Part) => {
    word ??= [];
    const last = word[word.length - 1];
    if (typeof p === 'string' && typeof last === 'string') word[word.length - 1] = last + p;
    else word.push(p);
  };
  const variable = (i: number): [Part, number] => {
    const m = /^\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/.exec(line.slice(i));
    return m ? [{ env: m[1] ?? m[2] }, i + m[0].length] : ['$', i + 1];
  };
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      if (word) out.push(word);
      word = null;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated quote');
      push(line.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      i++;
      push('');
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && i + 1 < line.length) {
          push(line[i + 1]);
          i += 2;
        } else if (line[i] === '$') {
          const [p, next] = variable(i);
          push(p);
          i = next;
        } else push(line[i++]);
      }
      if (line[i] !== '"') throw new Error('unterminated quote');
      i++;
    } else if (c === '$') {
      const [p, next] = variable(i);
      push(p);
      i = next;
    } else if (/[|;&<>`(){}]/.test(c)) {
      throw new Error(`shell syntax "${c}" is not a plain request`);
    } else {
      push(c === '\\' && i + 1 < line.length ? line[++i] : c);
      i++;
    }
  }
  if (word) out.push(word);
  return out;
}

/**
 * The commands of a script, one string each: a newline ends a command unless it is quoted (a
 * JSON body may span lines) or escaped (`\` at the end of a line); `#` lines are comments.
 */
function commandLines(script: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < script.length; i++) {
    const c = script[i];
    if (quote) {
      current += c;
      if (c === '\\' && quote === '"' && i + 1 < script.length) current += script[++i];
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') {
      quote = c;
      current += c;
    } else if (c === '\\' && script[i + 1] === '\n') {
      current += ' ';
      i++;
    } else if (c === '\n') {
      out.push(current);
      current = '';
    } else current += c;
  }
  if (quote) throw new Error('unterminated quote');
  out.push(current);
  return out.map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
}

/** The requests of a block of curl commands (comments and blank lines aside), in order. */
export function parseCurl(script: string): SampleRequest[] {
  return commandLines(script).map((line) => {
    const [command, ...args] = words(line);
    if (literal(command) !== 'curl') throw new Error(`not a curl command: ${line}`);
    const request: SampleRequest = { method: '', url: [], headers: [] };
    for (let i = 0; i < args.length; i++) {
      const flag = literal(args[i]);
      const value = () => {
        if (i + 1 >= args.length) throw new Error(`${flag} needs a value`);
        return args[++i];
      };
      if (flag && QUIET_FLAGS.has(flag)) continue;
      if (flag === '-X' || flag === '--request') request.method = literal(value()) ?? '';
      else if (flag === '-H' || flag === '--header') {
        const h = value();
        const first = h[0];
        if (typeof first !== 'string' || !first.includes(':')) throw new Error('a header is "name: value"');
        const at = first.indexOf(':');
        const rest: Text = [first.slice(at + 1).trimStart(), ...h.slice(1)].filter((p) => p !== '');
        request.headers.push([first.slice(0, at).trim(), rest]);
      } else if (flag && DATA_FLAGS.has(flag)) request.body = value();
      else if (flag?.startsWith('-')) throw new Error(`curl option ${flag} is not supported in examples`);
      else if (request.url.length) throw new Error('one URL per command');
      else request.url = args[i];
    }
    if (!request.url.length) throw new Error('a curl command needs a URL');
    request.method ||= request.body ? 'POST' : 'GET';
    return request;
  });
}

// ---- curl ----

const shellWord = (t: Text) => {
  const plain = literal(t);
  if (plain !== null && /^[\w./:=?&%@,+-]+$/.test(plain)) return plain;
  if (plain === null)
    return `"${t.map((p) => (typeof p === 'string' ? p.replace(/["\\$`]/g, '\\$&') : `$${p.env}`)).join('')}"`;
  return `'${(plain ?? '').replace(/'/g, `'\\''`)}'`;
};

/** The request as a curl command (used where no hand-written command exists: the OpenAPI samples). */
export function curlOf(r: SampleRequest): string {
  const parts = ['curl'];
  if (r.method !== 'GET' && !(r.method === 'POST' && (r.body || r.form))) parts.push(`-X ${r.method}`);
  parts.push(shellWord(r.url));
  for (const [k, v] of r.headers) parts.push(`-H ${shellWord([`${k}: `, ...v])}`);
  if (r.body) parts.push(`-d ${shellWord(r.body)}`);
  for (const [k, v] of r.form ?? []) parts.push(`-F ${shellWord([`${k}=`, ...v])}`);
  return parts.join(' \\\n  ');
}

/**
 * The three languages of one block of curl commands, or null when it is not plain curl. `flow`
 * places it in its page: what earlier answers gave it, what it keeps, the answer it expects.
 */
export function samplesOf(script: string, flow: ExampleFlow = STANDALONE): Record<Language, string> | null {
  try {
    const requests = parseCurl(script);
    return { curl: script.trim(), javascript: javascriptOf(requests, flow), python: pythonOf(requests, flow) };
  } catch {
    return null;
  }
}
