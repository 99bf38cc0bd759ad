// The one reader of request bodies, REST and GraphQL alike (docs/limits.md, Request size).
// It runs after the request is authenticated and before its company's turn: the body must
// arrive within the body deadline and stay within the size limit, and a JSON body's shape
// (nesting, number of values) is checked on the bytes as they arrive, so `JSON.parse` only
// ever sees text that is small, shallow and sparse enough to parse in a few milliseconds.
import type { FieldError } from '../errors.ts';
import { formatFieldMessage } from '../errors.ts';

/** Limits of every request body (docs/limits.md, Request size). */
export const bodyLimits = {
  /** Bytes of a JSON body, REST and GraphQL. */
  bytes: 10 * 1024 * 1024,
  /** Nesting of `[` and `{` in a JSON body. */
  depth: 64,
  /** Values of a JSON body: every array element and every object member counts. */
  values: 1_000_000,
} as const;

/** Why a body was refused; each maps to one catalogue answer (`bodyRefusal`). */
export type BodyProblem = 'tooLarge' | 'timeout' | 'tooDeep' | 'tooMany' | 'invalid';

export type TextRead = { ok: true; text: string } | { ok: false; problem: BodyProblem };
export type JsonRead = { ok: true; text: string; value: unknown } | { ok: false; problem: BodyProblem };

/**
 * The shape of JSON text fed in pieces: nesting depth and values so far, outside strings. Only
 * ASCII bytes are structural in UTF-8, so the bytes are read as they come, split anywhere.
 */
export class JsonShape {
  private depth = 0;
  private values = 0;
  private inString = false;
  private escaped = false;

  /** Feeds the next bytes; answers the first limit they break, or null. */
  feed(bytes: Uint8Array): 'tooDeep' | 'tooMany' | null {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === 0x5c) this.escaped = true; // backslash
        else if (b === 0x22) this.inString = false; // quote
        continue;
      }
      if (b === 0x22) this.inString = true;
      else if (b === 0x5b || b === 0x7b) {
        // `[` or `{`: one level deeper, and a value of its parent
        if (++this.depth > bodyLimits.depth) return 'tooDeep';
        if (++this.values > bodyLimits.values) return 'tooMany';
      } else if (b === 0x5d || b === 0x7d) this.depth--;
      else if (b === 0x2c && ++this.values > bodyLimits.values) return 'tooMany'; // `,`: one more element or member
    }
    return null;
  }
}

/** The limits a body is read within. */
export type ReadLimits = { maxBytes: number; deadlineMs: number; inspect?: (bytes: Uint8Array) => BodyProblem | null };
export type BytesRead = { ok: true; bytes: Buffer } | { ok: false; problem: BodyProblem };

/** Reads a body as UTF-8 text within `limits` (readBytes). */
export async function readText(request: Request, limits: ReadLimits): Promise<TextRead> {
  const read = await readBytes(request, limits);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : read;
}

/**
 * Reads a body's bytes, at most `maxBytes`, within `deadlineMs` of the call. A declared
 * or streamed body over the limit, one `inspect` refuses, or one still arriving at the
 * deadline, stops the reading there: the caller answers and closes the connection, so the rest
 * is never read (and the stream is left alone, so the answer can still be written).
 */
export async function readBytes(request: Request, { maxBytes, deadlineMs, inspect }: ReadLimits): Promise<BytesRead> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return { ok: false, problem: 'tooLarge' };
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
  const stop = (problem: BodyProblem): BytesRead => {
    reader.releaseLock();
    return { ok: false, problem };
  };
  try {
    for (;;) {
      const next = reader.read();
      // A read left pending at the deadline settles (or fails) with nobody waiting for it.
      next.catch(() => undefined);
      const got = await Promise.race([next, late]);
      if (got === 'late') return stop('timeout');
      if (got.done) break;
      size += got.value.byteLength;
      if (size > maxBytes) return stop('tooLarge');
      const problem = inspect?.(got.value) ?? null;
      if (problem) return stop(problem);
      chunks.push(got.value);
    }
  } catch {
    // The client went away, or sent a broken chunked encoding.
    return { ok: false, problem: 'invalid' };
  } finally {
    clearTimeout(timer);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

/**
 * Reads a JSON body (readText with the JSON limits), checking its shape as it arrives, then
 * parses it. An empty body reads as `undefined`.
 */
export async function readJson(request: Request, deadlineMs: number): Promise<JsonRead> {
  const shape = new JsonShape();
  const read = await readText(request, { maxBytes: bodyLimits.bytes, deadlineMs, inspect: (bytes) => shape.feed(bytes) });
  if (!read.ok) return read;
  try {
    return { ok: true, text: read.text, value: read.text.trim() ? JSON.parse(read.text) : undefined };
  } catch {
    return { ok: false, problem: 'invalid' };
  }
}

/**
 * The catalogue answer of a refused body: its code, the field at fault, and whether the
 * connection must close (the body was not read to its end, so what is left is dropped).
 */
export function bodyRefusal(problem: BodyProblem): { code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' | 'REQUEST_TIMEOUT'; fields?: FieldError[]; close: boolean } {
  switch (problem) {
    case 'tooLarge':
      return { code: 'PAYLOAD_TOO_LARGE', close: true };
    case 'timeout':
      return { code: 'REQUEST_TIMEOUT', close: true };
    case 'tooDeep':
      return { code: 'BAD_REQUEST', fields: [{ name: 'body', message: formatFieldMessage('tooDeep', bodyLimits.depth) }], close: true };
    case 'tooMany':
      return { code: 'PAYLOAD_TOO_LARGE', fields: [{ name: 'body', message: formatFieldMessage('tooMany', bodyLimits.values) }], close: true };
    case 'invalid':
      return { code: 'BAD_REQUEST', close: false };
  }
}

/** Whether a request's declared body type is JSON (`application/json` or any `+json`); no type is taken as JSON. */
export function sendsJson(request: Request): boolean {
  const type = request.headers.get('content-type');
  if (type === null) return true;
  return /^application\/(json|[\w.-]+\+json)\s*(;|$)/i.test(type.trim());
}

/** Whether a request carries a body (declared length above zero, or chunked). */
export function hasBody(headers: Headers): boolean {
  return Number(headers.get('content-length') ?? 0) > 0 || headers.has('transfer-encoding');
}

/**
 * The request with its body stream cut at `deadlineMs` from now: past it the stream fails,
 * and `late()` tells the caller why (for readers that own their parsing, such as multipart).
 */
export function withDeadline(request: Request, deadlineMs: number): { request: Request; late: () => boolean } {
  if (!request.body) return { request, late: () => false };
  const source = request.body.getReader();
  let late = false;
  let timer: NodeJS.Timeout | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setTimeout(() => {
        late = true;
        source.releaseLock();
        controller.error(new Error('request body deadline'));
      }, deadlineMs);
    },
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) {
        clearTimeout(timer);
        controller.close();
      } else controller.enqueue(value);
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  const init = { method: request.method, headers: request.headers, body, duplex: 'half' } as RequestInit;
  return { request: new Request(request.url, init), late: () => late };
}
