// A request example as Python with requests (docs/docs-site.md, "Request examples"): the base
// URL and the key read from the environment, a JSON body as a Python literal (`json=`), the
// answer checked with `raise_for_status()` where the example expects success, the error body
// read where it shows an error, and the values later examples use kept in variables.
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

/** The Python name of a variable: `TT` stays, `PROCESS_ID` is `process_id`. */
export const pythonName = (name: string) => (name === BASE_URL_VARIABLE ? name : name.toLowerCase());

/** A Python string literal: in double quotes, or in single quotes when it holds double quotes only. */
const quoted = (s: string) =>
  s.includes('"') && !s.includes("'") ? `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"')}'` : JSON.stringify(s);

/** Text as a Python expression: a string, a variable, or an f-string of both. */
function pyText(t: Text): string {
  if (t.length === 0) return '""';
  if (t.length === 1 && typeof t[0] === 'object') return `str(${pythonName(t[0].env)})`;
  if (t.every((p) => typeof p === 'string')) return quoted(t.join(''));
  return `f${quoted(t.map((p) => (typeof p === 'string' ? p.replace(/[{}]/g, '$&$&') : `\uE010${pythonName(p.env)}\uE011`)).join(''))}`
    .replace(/\uE010/g, '{')
    .replace(/\uE011/g, '}');
}

/** A URL or header: a variable alone is used as it is (`TT`, `etag`). */
const pyArgument = (t: Text) => (t.length === 1 && typeof t[0] === 'object' ? pythonName(t[0].env) : pyText(t));

/** A JSON value (with variables) as a Python literal, on one line when it fits. */
function pyValue(value: unknown, indent: string, before = 0): string {
  const flat = pyFlat(value);
  if (indent.length + before + flat.length < LINE_WIDTH || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}    `;
  if (Array.isArray(value)) return `[\n${value.map((v) => `${inner}${pyValue(v, inner)},`).join('\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{\n${entries.map(([k, v]) => `${inner}${quoted(k)}: ${pyValue(v, inner, k.length + 4)},`).join('\n')}\n${indent}}`;
}

function pyFlat(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const bare = bareVariable(value);
    return bare ? pythonName(bare) : pyText(stringParts(value));
  }
  if (Array.isArray(value)) return `[${value.map(pyFlat).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${quoted(k)}: ${pyFlat(v)}`)
    .join(', ')}}`;
}

/** A path into the answer as a Python expression over `base`. */
function pyPath(base: string, path: string): string {
  let expression = base;
  let list = 'item';
  for (const step of pathSteps(path)) {
    if ('field' in step) list = step.field;
    if ('where' in step) {
      // An element is named by the list's initial (`h` of `handlers`), never `r`, the answer.
      const item = list[0] === 'r' ? 'item' : list[0];
      expression = `next(${item} for ${item} in ${expression} if ${item}[${quoted(step.where)}] == ${quoted(step.equals)})`;
    } else expression += 'index' in step ? `[${step.index}]` : `[${quoted(step.field)}]`;
  }
  return expression;
}

/** The lines reading the answer: the error the example shows, or a check and what it keeps. */
function answerLines(flow: ExampleFlow): string[] {
  if (flow.status !== undefined && flow.status >= 400)
    return flow.hasBody === false ? ['print(r.status_code)'] : ['error = r.json()', 'print(r.status_code, error["code"], error["message"])'];
  if (flow.status === 304) return ['print(r.status_code)  # 304: the copy you hold is current'];
  const lines = ['r.raise_for_status()'];
  for (const [name, path] of flow.captures) {
    const header = capturedHeader(path);
    if (header) lines.push(`${pythonName(name)} = r.headers[${quoted(header)}]`);
  }
  const kept = flow.captures.filter(([, path]) => !capturedHeader(path));
  const underData = kept.length > 1 && kept.every(([, path]) => path.startsWith('data.'));
  if (underData) lines.push('data = r.json()["data"]');
  for (const [name, path] of kept) lines.push(`${pythonName(name)} = ${underData ? pyPath('data', path.slice('data.'.length)) : pyPath('r.json()', path)}`);
  if (!flow.captures.length) lines.push(flow.hasBody === false ? 'print(r.status_code)' : 'print(r.json())');
  return lines;
}

function pythonCall(r: SampleRequest, keyed: boolean): string {
  const args = [pyArgument(r.url)];
  const json = jsonBody(r.body);
  const headers = r.headers.filter(([k]) => !(keyed && k.toLowerCase() === 'api-key') && !(json !== undefined && k.toLowerCase() === 'content-type'));
  const pairs = headers.map(([k, v]) => `${quoted(k)}: ${pyArgument(v)}`);
  if (keyed) args.push(pairs.length ? `headers={**headers, ${pairs.join(', ')}}` : 'headers=headers');
  else if (pairs.length) args.push(`headers={${pairs.join(', ')}}`);
  if (json !== undefined) args.push(`json=${pyValue(json, '    ', 5)}`);
  else if (r.body) args.push(`data=${pyText(r.body)}`);
  if (r.form) {
    const fields = r.form.filter(([, v]) => fileOf(v) === null);
    const files = r.form.filter(([, v]) => fileOf(v) !== null);
    if (fields.length) args.push(`data={${fields.map(([k, v]) => `${quoted(k)}: ${pyArgument(v)}`).join(', ')}}`);
    if (files.length) args.push(`files={${files.map(([k, v]) => `${quoted(k)}: open(${quoted(fileOf(v) ?? '')}, "rb")`).join(', ')}}`);
  }
  const call = `r = requests.${r.method.toLowerCase()}(`;
  const flat = `${call}${args.join(', ')})`;
  return flat.length <= LINE_WIDTH && !flat.includes('\n') ? flat : `${call}\n${args.map((a) => `    ${a},`).join('\n')}\n)`;
}

/** The requests as a Python script with requests, in order; the last one's answer is read as `flow` says. */
export function pythonOf(requests: SampleRequest[], flow: ExampleFlow = STANDALONE): string {
  const keyed = requests.some(sendsKey);
  const settings = new Map<string, boolean>();
  for (const r of requests)
    for (const [name, bare] of requestVariables(r)) if (!flow.held.has(name) && !(keyed && name === API_KEY_VARIABLE)) settings.set(name, bare || (settings.get(name) ?? false));
  const setup = [...settings].map(([name, bare]) => `${pythonName(name)} = ${bare ? `int(os.environ[${quoted(name)}])` : `os.environ[${quoted(name)}]`}`);
  if (keyed) setup.push(`headers = {"api-key": os.environ[${quoted(API_KEY_VARIABLE)}]}`);
  const imports = setup.length ? 'import os\n\nimport requests' : 'import requests';
  const calls = requests.map((r, i) => [pythonCall(r, sendsKey(r)), ...(i === requests.length - 1 ? answerLines(flow) : ['r.raise_for_status()'])].join('\n'));
  return [imports, ...(setup.length ? [setup.join('\n')] : []), ...calls].join('\n\n');
}
