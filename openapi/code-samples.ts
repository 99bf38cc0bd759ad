// One request, three languages (docs/docs-site.md, "Request examples"): a request written as a
// curl command is read into its parts and written again as JavaScript (fetch) and Python
// (requests). The documentation pages show the three as tabs and `npm test` runs all three; the
// OpenAPI document's `x-codeSamples` are made the same way.

/** A piece of text: literal characters, or an environment variable the reader sets. */
export type Part = string | { env: string };
export type Text = Part[];

/** What a curl command sends. */
export interface SampleRequest {
  method: string;
  url: Text;
  headers: [string, Text][];
  body?: Text;
  /**
   * A multipart/form-data body (curl's -F): a value `@name` is the file of that name. Written by
   * the OpenAPI samples only; the pages' commands with -F stay plain curl (parseCurl refuses it).
   */
  form?: [string, Text][];
}

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

const literal = (t: Text): string | null => (t.every((p) => typeof p === 'string') ? t.join('') : null);

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
        request.headers.push([first.slice(0, at).trim().toLowerCase(), rest]);
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

/** The JSON a body holds when it is JSON without variables, else null. */
function jsonBody(body: Text | undefined): unknown {
  const text = body && literal(body);
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// ---- JavaScript ----

const jsString = (t: Text) =>
  t.length === 1 && typeof t[0] === 'object'
    ? `process.env.${t[0].env}`
    : t.every((p) => typeof p === 'string')
      ? `'${t.join('').replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
      : `\`${t.map((p) => (typeof p === 'string' ? p.replace(/[`\\$]/g, '\\$&') : `\${process.env.${p.env}}`)).join('')}\``;

function indent(text: string, by: string): string {
  return text.split('\n').join(`\n${by}`);
}

/** The file a form value names (`@name`), else null. */
const fileOf = (t: Text): string | null => {
  const text = literal(t);
  return text?.startsWith('@') ? text.slice(1) : null;
};

/** Statements building a request's form as `form`, read from the files it names. */
function formData(form: [string, Text][], name: string): string {
  const appends = form.map(([k, v]) => {
    const file = fileOf(v);
    return file === null
      ? `${name}.append('${k}', ${jsString(v)});`
      : `${name}.append('${k}', new Blob([await readFile(${jsString([file])})]), ${jsString([file])});`;
  });
  return [`const ${name} = new FormData();`, ...appends].join('\n');
}

function fetchCall(r: SampleRequest, name: string): string {
  const options: string[] = [];
  const formName = name.replace('response', 'form');
  if (r.method !== 'GET') options.push(`method: '${r.method}'`);
  if (r.headers.length) options.push(`headers: {\n${r.headers.map(([k, v]) => `    '${k}': ${jsString(v)},`).join('\n')}\n  }`);
  const json = jsonBody(r.body);
  if (json !== undefined) options.push(`body: JSON.stringify(${indent(JSON.stringify(json, null, 2), '  ')})`);
  else if (r.body) options.push(`body: ${jsString(r.body)}`);
  else if (r.form) options.push(`body: ${formName}`);
  const args = options.length ? `, {\n${options.map((o) => `  ${o},`).join('\n')}\n}` : '';
  const call = `const ${name} = await fetch(${jsString(r.url)}${args});\nconsole.log(${name}.status, await ${name}.text());`;
  return r.form ? `${formData(r.form, formName)}\n${call}` : call;
}

/** The requests as a JavaScript module (Node.js 18+ or a browser console): fetch, in order. */
export function javascriptOf(requests: SampleRequest[]): string {
  const calls = requests.map((r, i) => fetchCall(r, requests.length > 1 ? `response${i + 1}` : 'response')).join('\n\n');
  const readsFiles = requests.some((r) => r.form?.some(([, v]) => fileOf(v) !== null));
  return readsFiles ? `import { readFile } from 'node:fs/promises';\n\n${calls}` : calls;
}

// ---- Python ----

function pyLiteral(value: unknown, depth = 0): string {
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return value.length ? `[\n${value.map((v) => `${pad}${pyLiteral(v, depth + 1)},`).join('\n')}\n${end}]` : '[]';
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length ? `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pyLiteral(v, depth + 1)},`).join('\n')}\n${end}}` : '{}';
}

const pyString = (t: Text) =>
  t.length === 1 && typeof t[0] === 'object'
    ? `os.environ["${t[0].env}"]`
    : t.every((p) => typeof p === 'string')
      ? JSON.stringify(t.join(''))
      : `f${JSON.stringify(t.map((p) => (typeof p === 'string' ? p.replace(/[{}]/g, '$&$&') : `{os.environ['${p.env}']}`)).join(''))}`;

const usesEnv = (r: SampleRequest) => [r.url, ...r.headers.map(([, v]) => v), r.body ?? []].some((t) => t.some((p) => typeof p === 'object'));

function pythonCall(r: SampleRequest, name: string): string {
  const args = [pyString(r.url)];
  const json = jsonBody(r.body);
  const headers = r.headers.filter(([k]) => !(json !== undefined && k === 'content-type'));
  if (headers.length) args.push(`headers={\n${headers.map(([k, v]) => `        "${k}": ${pyString(v)},`).join('\n')}\n    }`);
  if (json !== undefined) args.push(`json=${indent(pyLiteral(json, 1), '')}`);
  else if (r.body) args.push(`data=${pyString(r.body)}`);
  if (r.form) {
    const fields = r.form.filter(([, v]) => fileOf(v) === null);
    const files = r.form.filter(([, v]) => fileOf(v) !== null);
    if (fields.length) args.push(`data={\n${fields.map(([k, v]) => `        "${k}": ${pyString(v)},`).join('\n')}\n    }`);
    if (files.length) args.push(`files={\n${files.map(([k, v]) => `        "${k}": open(${JSON.stringify(fileOf(v))}, "rb"),`).join('\n')}\n    }`);
  }
  return `${name} = requests.${r.method.toLowerCase()}(\n${args.map((a) => `    ${a},`).join('\n')}\n)\nprint(${name}.status_code, ${name}.text)`;
}

/** The requests as a Python script with requests, in order. */
export function pythonOf(requests: SampleRequest[]): string {
  const imports = requests.some(usesEnv) ? 'import os\n\nimport requests' : 'import requests';
  return `${imports}\n\n${requests.map((r, i) => pythonCall(r, requests.length > 1 ? `response${i + 1}` : 'response')).join('\n\n')}`;
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

/** The three languages of one block of curl commands, or null when it is not plain curl. */
export function samplesOf(script: string): Record<Language, string> | null {
  try {
    const requests = parseCurl(script);
    return { curl: script.trim(), javascript: javascriptOf(requests), python: pythonOf(requests) };
  } catch {
    return null;
  }
}
