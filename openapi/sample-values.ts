// What the request examples are made of, shared by the writers of each language
// (docs/docs-site.md, "Request examples"): the request a curl command sends, the place of an
// example in its page (the values it takes from earlier answers and those it keeps for later
// ones), a JSON body that holds variables, and the paths that name a value of an answer.

/** A piece of text: literal characters, or a variable (`$NAME` in the shell). */
export type Part = string | { env: string };
export type Text = Part[];

/** What a curl command sends. */
export interface SampleRequest {
  method: string;
  url: Text;
  /** Header names as written; compare them lowercased. */
  headers: [string, Text][];
  body?: Text;
  /**
   * A multipart/form-data body (curl's -F): a value `@name` is the file of that name. Written by
   * the OpenAPI samples only; the pages' commands with -F stay plain curl (parseCurl refuses it).
   */
  form?: [string, Text][];
}

/**
 * Where an example stands in its page. The JavaScript and Python of a page's examples are one
 * program in pieces: a value an earlier answer gave (`held`) is a variable of the program, and
 * the example keeps the values its own answer gives (`captures`) in variables of their own.
 * Any other variable is a setting the reader exports in the shell (docs/getting-started.md).
 */
export interface ExampleFlow {
  /** Variables earlier examples of the page took from their answers. */
  held: ReadonlySet<string>;
  /** What this example keeps: the variable, and where its value is in the answer (`data.id`, `headers.etag`). */
  captures: [string, string][];
  /** The status of the answer the page shows; 400 and above is an error the example reads. */
  status?: number;
  /** Whether that answer has a body. */
  hasBody?: boolean;
}

export const STANDALONE: ExampleFlow = { held: new Set(), captures: [] };

/** The variable holding the base URL (`http://localhost:3000`) and the one holding the API key. */
export const BASE_URL_VARIABLE = 'TT';
export const API_KEY_VARIABLE = 'TT_API_KEY';

export const literal = (t: Text): string | null => (t.every((p) => typeof p === 'string') ? t.join('') : null);

/** The file a form value names (`@name`), else null. */
export const fileOf = (t: Text): string | null => {
  const text = literal(t);
  return text?.startsWith('@') ? text.slice(1) : null;
};

/** Whether the request sends the API key from its variable, as the `api-key` header. */
export const sendsKey = (r: SampleRequest) => r.headers.some(([k, v]) => k.toLowerCase() === 'api-key' && v.length === 1 && typeof v[0] === 'object' && v[0].env === API_KEY_VARIABLE);

// ---- JSON bodies with variables ----

// A variable in a body stands for a whole JSON value (`"id": '"$PROCESS_ID"'`) or for text
// inside a JSON string (`"since": "'"$SINCE"'"`). Parsed, the first is a string made of the
// variable between BARE marks, the second a string holding it between TEXT marks.
const BARE = ['\uE000', '\uE001'] as const;
const TEXT = ['\uE002', '\uE003'] as const;

/** The JSON a body holds (its variables marked), or undefined when it is not JSON. */
export function jsonBody(body: Text | undefined): unknown {
  if (!body) return undefined;
  let text = '';
  let inString = false;
  let escaped = false;
  for (const part of body) {
    if (typeof part === 'object') {
      text += inString ? `${TEXT[0]}${part.env}${TEXT[1]}` : `"${BARE[0]}${part.env}${BARE[1]}"`;
      continue;
    }
    for (const c of part) {
      text += c;
      if (!inString) inString = c === '"';
      else if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The variable a body value stands for as a whole, else null. */
export function bareVariable(value: string): string | null {
  const m = new RegExp(`^${BARE[0]}(\\w+)${BARE[1]}$`).exec(value);
  return m ? m[1] : null;
}

/** A body string as text and variables. */
export function stringParts(value: string): Text {
  return value
    .split(new RegExp(`${TEXT[0]}(\\w+)${TEXT[1]}`))
    .map((piece, i): Part => (i % 2 ? { env: piece } : piece))
    .filter((p) => p !== '');
}

/** Every variable of a JSON body, and whether it stands for a whole value there (a number). */
export function bodyVariables(value: unknown, into = new Map<string, boolean>()): Map<string, boolean> {
  if (typeof value === 'string') {
    const bare = bareVariable(value);
    if (bare) into.set(bare, true);
    else for (const p of stringParts(value)) if (typeof p === 'object' && !into.has(p.env)) into.set(p.env, false);
  } else if (Array.isArray(value)) value.forEach((v) => bodyVariables(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => bodyVariables(v, into));
  return into;
}

/** The variables a request reads, each with whether it is a number (it stands for a JSON value). */
export function requestVariables(r: SampleRequest): Map<string, boolean> {
  const found = new Map<string, boolean>();
  const json = jsonBody(r.body);
  const texts = [r.url, ...r.headers.map(([, v]) => v), ...(r.form ?? []).map(([, v]) => v), ...(json === undefined && r.body ? [r.body] : [])];
  for (const t of texts) for (const p of t) if (typeof p === 'object' && !found.has(p.env)) found.set(p.env, false);
  if (json !== undefined) for (const [name, bare] of bodyVariables(json)) found.set(name, bare || (found.get(name) ?? false));
  return found;
}

// ---- paths into an answer ----

/** One step of a path: a field, an index, or the first element whose field has a value (`[role=supplier]`). */
export type Step = { field: string } | { index: number } | { where: string; equals: string };

/** The steps of a path such as `data.0.handlers[role=supplier].id`. */
export function pathSteps(path: string): Step[] {
  const steps: Step[] = [];
  for (const m of path.matchAll(/\[(\w+)=([^\]]+)\]|([^.[\]]+)/g)) {
    if (m[1]) steps.push({ where: m[1], equals: m[2] });
    else if (/^\d+$/.test(m[3])) steps.push({ index: Number(m[3]) });
    else steps.push({ field: m[3] });
  }
  return steps;
}

/** The value at a path of a JSON value, or undefined. */
export function valueAt(value: unknown, path: string): unknown {
  return pathSteps(path).reduce<unknown>((v, step) => {
    if ('where' in step) return Array.isArray(v) ? v.find((e: unknown) => String((e as Record<string, unknown> | null)?.[step.where]) === step.equals) : undefined;
    if ('index' in step) return Array.isArray(v) ? v[step.index] : undefined;
    return v && typeof v === 'object' ? (v as Record<string, unknown>)[step.field] : undefined;
  }, value);
}

/** A capture's answer part: a header's name, or null for a path into the JSON body. */
export const capturedHeader = (path: string): string | null => (path.startsWith('headers.') ? path.slice('headers.'.length).toLowerCase() : null);

/** How the writers lay a value out: on one line when it fits this many characters. */
export const LINE_WIDTH = 88;
