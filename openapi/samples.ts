// The request examples of the API reference (Redoc's `x-codeSamples`): one request per
// operation, written as curl, JavaScript and Python by openapi/code-samples.ts, the same writer
// the documentation pages use, so the three languages always send the same request.
import { curlOf, javascriptOf, pythonOf, type SampleRequest, type Text } from './code-samples.ts';
import { API_KEY_VARIABLE, BASE_URL_VARIABLE } from './sample-values.ts';

export { API_KEY_VARIABLE, BASE_URL_VARIABLE };

export interface CodeSample {
  lang: 'curl' | 'JavaScript' | 'Python';
  label: string;
  source: string;
}

export interface SampleOperation {
  method: string;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  /** A value for every path parameter (the parameters' examples). */
  pathExamples: Record<string, string | number>;
  /** The request body as sent, JSON (writes only). */
  body?: unknown;
  /** A multipart/form-data body instead: its fields, a file field's example being `(binary)`. */
  form?: Record<string, unknown>;
}

/** The file a sample upload sends (the reader puts theirs in its place). */
export const SAMPLE_FILE = 'document.pdf';
const BINARY = '(binary)';

/** The path with its parameters filled in; a missing example stops the build. */
function filledPath({ path, pathExamples }: SampleOperation): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pathExamples[name];
    if (value === undefined) throw new Error(`no example for the path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The request an operation's samples send. */
export function sampleRequestOf(operation: SampleOperation): SampleRequest {
  const headers: [string, Text][] = [['api-key', [{ env: API_KEY_VARIABLE }]]];
  // The base URL is the reader's `$TT` (docs/getting-started.md, "Set up the examples").
  const url: Text = [{ env: BASE_URL_VARIABLE }, `/api${filledPath(operation)}`];
  const request: SampleRequest = { method: operation.method.toUpperCase(), url, headers };
  if (operation.body !== undefined) {
    headers.push(['content-type', ['application/json']]);
    request.body = [JSON.stringify(operation.body)];
  }
  if (operation.form) request.form = Object.entries(operation.form).map(([name, value]) => [name, [value === BINARY ? `@${SAMPLE_FILE}` : String(value)]]);
  return request;
}

/** The operation's request in the three languages of the documentation, in the order of its tabs. */
export function codeSamplesOf(operation: SampleOperation): CodeSample[] {
  const request = sampleRequestOf(operation);
  return [
    { lang: 'curl', label: 'curl', source: curlOf(request) },
    { lang: 'JavaScript', label: 'JavaScript', source: javascriptOf([request]) },
    { lang: 'Python', label: 'Python', source: pythonOf([request]) },
  ];
}
