// A request example as JavaScript with fetch (docs/docs-site.md, "Request examples"): a module
// for Node.js 18 or later (top-level await) that reads the base URL and the key from the
// environment, sends a JSON body with JSON.stringify, throws on a failed answer where the
// example expects success, reads the error body where it shows an error, and keeps the values
// later examples use in constants.
import {
  API_KEY_VARIABLE,
  BASE_URL_VARIABLE,
  LINE_WIDTH,
  STANDALONE,
  bareVariable,
  capturedHeader,
  fileOf,
  jsonBody,
  pathSteps,
  requestVariables,
  sendsKey,
  stringParts,
  type ExampleFlow,
  type SampleRequest,
  type Text,
} from './sample-values.ts';

/** The JavaScript name of a variable: `TT` stays, `PROCESS_ID` is `processId`. */
export const javascriptName = (name: string) =>
  name === BASE_URL_VARIABLE ? name : name.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const quoted = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : quoted(k));

/** Text as a JavaScript expression: a string, or a template literal with its variables. */
function jsText(t: Text): string {
  if (t.length === 1 && typeof t[0] === 'object') return `String(${javascriptName(t[0].env)})`;
  if (t.every((p) => typeof p === 'string')) return quoted(t.join(''));
  return `\`${t.map((p) => (typeof p === 'string' ? p.replace(/[`\\]|\$\{/g, (m) => `\\${m}`) : `\${${javascriptName(p.env)}}`)).join('')}\``;
}

/** A URL or header: a variable alone is used as it is (`TT`, `etag`). */
const jsArgument = (t: Text) => (t.length === 1 && typeof t[0] === 'object' ? javascriptName(t[0].env) : jsText(t));

/** A JSON value (with variables) as a JavaScript literal, on one line when it fits. */
function jsValue(value: unknown, indent: string, before = 0): string {
  const flat = jsFlat(value);
  if (indent.length + before + flat.length < LINE_WIDTH || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => `${inner}${jsValue(v, inner)},`).join('\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${jsValue(v, inner, key(k).length + 2)},`).join('\n')}\n${indent}}`;
}

function jsFlat(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const bare = bareVariable(value);
    return bare ? javascriptName(bare) : jsText(stringParts(value));
  }
  if (Array.isArray(value)) return `[${value.map(jsFlat).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length ? `{ ${entries.map(([k, v]) => `${key(k)}: ${jsFlat(v)}`).join(', ')} }` : '{}';
}

/** A path into the answer as a JavaScript expression over `base`. */
function jsPath(base: string, path: string): string {
  let expression = base;
  let list = 'item';
  for (const step of pathSteps(path)) {
    if ('field' in step) list = step.field;
    // An element is named by the list's initial (`h` of `handlers`).
    if ('where' in step) expression += `.find((${list[0]}) => ${list[0]}.${step.where} === ${quoted(step.equals)})`;
    else expression += 'index' in step ? `[${step.index}]` : /^[A-Za-z_$][\w$]*$/.test(step.field) ? `.${step.field}` : `[${quoted(step.field)}]`;
  }
  return expression;
}

/** The lines reading the answer: the error the example shows, or a check and what it keeps. */
function answerLines(res: string, flow: ExampleFlow): string[] {
  if (flow.status !== undefined && flow.status >= 400)
    return flow.hasBody === false ? [`console.log(${res}.status);`] : [`const error = await ${res}.json();`, `console.log(${res}.status, error.code, error.message);`];
  if (flow.status === 304) return [`console.log(${res}.status); // 304: the copy you hold is current`];
  const lines = [`if (!${res}.ok) throw new Error(\`\${${res}.status} \${await ${res}.text()}\`);`];
  for (const [name, path] of flow.captures) {
    const header = capturedHeader(path);
    if (header) lines.push(`const ${javascriptName(name)} = ${res}.headers.get(${quoted(header)});`);
  }
  const kept = flow.captures.filter(([, path]) => !capturedHeader(path));
  const underData = kept.length > 0 && kept.every(([, path]) => path.startsWith('data.'));
  if (underData) lines.push(`const { data } = await ${res}.json();`);
  else if (kept.length) lines.push(`const answer = await ${res}.json();`);
  for (const [name, path] of kept) lines.push(`const ${javascriptName(name)} = ${underData ? jsPath('data', path.slice('data.'.length)) : jsPath('answer', path)};`);
  if (!flow.captures.length) lines.push(flow.hasBody === false ? `console.log(${res}.status);` : `console.log(await ${res}.json());`);
  return lines;
}

/** Statements building a request's form as `form`, read from the files it names. */
function formData(form: [string, Text][], name: string): string {
  const appends = form.map(([k, v]) => {
    const file = fileOf(v);
    return file === null ? `${name}.append(${quoted(k)}, ${jsArgument(v)});` : `${name}.append(${quoted(k)}, new Blob([await readFile(${quoted(file)})]), ${quoted(file)});`;
  });
  return [`const ${name} = new FormData();`, ...appends].join('\n');
}

function fetchCall(r: SampleRequest, res: string): string {
  const keyed = sendsKey(r);
  const json = jsonBody(r.body);
  const formName = res.replace('res', 'form');
  const options: string[] = [];
  if (r.method !== 'GET') options.push(`method: '${r.method}'`);
  const pairs = r.headers.filter(([k]) => !(keyed && k.toLowerCase() === 'api-key')).map(([k, v]) => `${key(k.toLowerCase())}: ${jsArgument(v)}`);
  if (keyed) options.push(pairs.length ? `headers: { ...headers, ${pairs.join(', ')} }` : 'headers');
  else if (pairs.length) options.push(`headers: { ${pairs.join(', ')} }`);
  if (json !== undefined) options.push(`body: JSON.stringify(${jsValue(json, '  ', 21)})`);
  else if (r.body) options.push(`body: ${jsText(r.body)}`);
  else if (r.form) options.push(`body: ${formName}`);
  const start = `const ${res} = await fetch(${jsArgument(r.url)}`;
  const flat = options.length ? `${start}, { ${options.join(', ')} });` : `${start});`;
  const call = flat.length <= LINE_WIDTH && !flat.includes('\n') ? flat : `${start}, {\n${options.map((o) => `  ${o},`).join('\n')}\n});`;
  return r.form ? `${formData(r.form, formName)}\n${call}` : call;
}

/** The requests as a JavaScript module (Node.js 18 or later), in order; the last one's answer is read as `flow` says. */
export function javascriptOf(requests: SampleRequest[], flow: ExampleFlow = STANDALONE): string {
  const keyed = requests.some(sendsKey);
  const settings = new Map<string, boolean>();
  for (const r of requests)
    for (const [name, bare] of requestVariables(r)) if (!flow.held.has(name) && !(keyed && name === API_KEY_VARIABLE)) settings.set(name, bare || (settings.get(name) ?? false));
  const setup = [...settings].map(([name, bare]) => `const ${javascriptName(name)} = ${bare ? `Number(process.env.${name})` : `process.env.${name}`};`);
  if (keyed) setup.push(`const headers = { 'api-key': process.env.${API_KEY_VARIABLE} };`);
  const readsFiles = requests.some((r) => r.form?.some(([, v]) => fileOf(v) !== null));
  const calls = requests.map((r, i) => {
    const res = requests.length > 1 ? `res${i + 1}` : 'res';
    const last = i === requests.length - 1;
    return [fetchCall(r, res), ...(last ? answerLines(res, flow) : [`if (!${res}.ok) throw new Error(\`\${${res}.status} \${await ${res}.text()}\`);`])].join('\n');
  });
  return [...(readsFiles ? ["import { readFile } from 'node:fs/promises';"] : []), ...(setup.length ? [setup.join('\n')] : []), ...calls].join('\n\n');
}
