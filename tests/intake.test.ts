// Request intake (docs/limits.md, Request size and Requests at work at once; docs/security.md,
// API keys): every body, REST and GraphQL, goes through one reader after the key is checked
// and before the company's turn, within a size limit, a shape limit and a deadline. The app
// runs with a 10 s body deadline and one request of a company at work at once, and with the
// rate limits off, so statement counts and 401s are the API's own.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './setup/app-server.ts';

const BODY_TIMEOUT_MS = 10_000;

/** What a raw HTTP call answered, and whether the server closed its connection afterwards. */
interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Milliseconds from the start of the call to the answer's last byte. */
  ms: number;
  /** Resolves true once the server has closed the connection (false after 5 s). */
  closed: Promise<boolean>;
}

/**
 * Sends `first`, then `more()` chunks as the socket drains, or one byte every `dripMs` when
 * dripping, without ever ending the body unless `more` runs dry; resolves with the answer.
 */
function send(base: string, method: string, path: string, headers: Record<string, string>, body: { first: string; more?: () => Buffer | null; dripMs?: number }): Promise<RawAnswer> {
  const url = new URL(path, base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        const closed = new Promise<boolean>((done) => {
          if (req.socket?.destroyed) return done(true);
          const timer = setTimeout(() => done(false), 5_000);
          req.socket?.once('close', () => {
            clearTimeout(timer);
            done(true);
          });
        });
        stop();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, ms: Date.now() - started, closed });
      });
    });
    let drip: NodeJS.Timeout | undefined;
    const stop = () => clearInterval(drip);
    // The server stops reading and closes: writing then fails, but its answer must still arrive.
    req.on('error', (e: NodeJS.ErrnoException) => {
      stop();
      if (e.code !== 'EPIPE' && e.code !== 'ECONNRESET') reject(e);
      else setTimeout(() => reject(new Error(`${e.code} and no answer`)), 3_000).unref();
    });
    req.write(body.first);
    if (body.dripMs) drip = setInterval(() => req.write(' '), body.dripMs);
    else if (body.more) {
      const pump = () => {
        for (let chunk = body.more!(); chunk; chunk = body.more!()) if (!req.write(chunk)) return void req.once('drain', pump);
        req.end();
      };
      pump();
    }
  });
}

/** `count` chunks of `size` bytes of `byte`, one at a time. */
function chunks(byte: string, size: number, count: number): () => Buffer | null {
  const chunk = Buffer.alloc(size, byte);
  let left = count;
  return () => (left-- > 0 ? chunk : null);
}

/** The server's peak resident memory so far, in MiB (Linux). */
const peakMiB = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A well-formed key whose prefix no key has. */
const madeUpKey = () => `tt_${randomBytes(6).toString('hex')}_${randomBytes(24).toString('base64url')}`;

describe('request intake', () => {
  let app: AppServer;
  let key: string;
  let operationId: number;
  const adminToken = randomBytes(16).toString('hex');
  const json = (apiKey?: string) => ({ 'content-type': 'application/json', locale: 'en-US', ...(apiKey ? { 'api-key': apiKey } : {}) });

  beforeAll(async () => {
    app = await startAppServer({
      serverUrl: process.env.DATABASE_URL || undefined,
      adminToken,
      settings: { BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS), COMPANY_CONCURRENCY: '1', RATE_LIMITS: '0' },
    });
    const res = await fetch(`${app.baseUrl}/admin/companies`, {
      method: 'POST',
      headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Intake Co.' }),
    });
    ({ api_key: key, operation: { id: operationId } } = (await res.json()) as { api_key: string; operation: { id: number } });
    // Generous: a loaded machine starts a server of its own slowly.
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('refuses a body nested 9 million levels deep, REST and GraphQL, with or without a key, at once and without growing the server', async () => {
    const before = peakMiB(app.pid);
    const deep = () => chunks('[', 64 * 1024, 144); // 9 MiB of `[`
    const cases = [
      { path: '/api/products', apiKey: key, first: '{"params":', status: 400 },
      { path: '/api/products', apiKey: undefined, first: '{"params":', status: 401 },
      { path: '/graphql', apiKey: key, first: '{"query":"{ __typename }","variables":{"x":', status: 400 },
      { path: '/graphql', apiKey: undefined, first: '{"query":"{ __typename }","variables":{"x":', status: 401 },
    ];
    for (const c of cases) {
      const answer = await send(app.baseUrl, 'POST', c.path, json(c.apiKey), { first: c.first, more: deep() });
      expect(answer.status, `${c.path} ${c.apiKey ? 'with' : 'without'} a key`).toBe(c.status);
      // Generous (the machine may be loaded); reading and parsing it all takes longer, and far more memory.
      expect(answer.ms, c.path).toBeLessThan(BODY_TIMEOUT_MS);
      if (c.status === 400) {
        const body = JSON.parse(answer.text);
        const fields = c.path === '/graphql' ? body.errors[0].extensions.fields : body.fields;
        expect(fields).toEqual([{ name: 'body', message: 'is nested too deeply (maximum depth is 64)' }]);
      }
    }
    expect(peakMiB(app.pid) - before).toBeLessThan(150);
    // A body within the limits is served.
    const ok = await fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers: json(key), body: JSON.stringify({ query: '{ __typename }', variables: { x: [[[1]]] } }) });
    expect(ok.status).toBe(200);
  });

  it('answers 413 to a /graphql body over 10 MiB, declared or chunked, and closes the connection', async () => {
    const chunked = await send(app.baseUrl, 'POST', '/graphql', json(key), { first: '{"query":"{ __typename }","variables":{"s":"', more: chunks('a', 1024 * 1024, 11) });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    expect(chunked.headers.connection).toBe('close');
    expect(await chunked.closed).toBe(true);
    const declared = await send(app.baseUrl, 'POST', '/graphql', { ...json(key), 'content-length': String(11 * 1024 * 1024) }, { first: '{"query":', dripMs: 1_000 });
    expect(declared.status).toBe(413);
    expect(await declared.closed).toBe(true);
  });

  it('answers 400 to invalid JSON on /graphql without quoting any of it', async () => {
    const marker = `leak${randomBytes(6).toString('hex')}`;
    const res = await fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers: json(key), body: `{"query":"{ __typename }","variables":{"a":"${marker}"` });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(text).errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(text).not.toContain(marker);
    expect(text).not.toContain('__typename');
    expect(text).not.toContain('originalError');
  });

  it('answers 401 to a call without a valid key at once, never reading its body, and drops the connection', async () => {
    for (const path of ['/api/products', '/graphql']) {
      for (const apiKey of [undefined, madeUpKey()]) {
        // A body that never ends: only an answer given before reading it can arrive.
        const answer = await send(app.baseUrl, 'POST', path, json(apiKey), { first: '{"params":', dripMs: 500 });
        expect(answer.status, path).toBe(401);
        expect(answer.ms, path).toBeLessThan(BODY_TIMEOUT_MS);
        expect(await answer.closed, path).toBe(true);
      }
    }
  });

  it('answers 408 to a body or upload still arriving at the deadline, and serves the company meanwhile (a slow body holds no turn)', async () => {
    const created = await fetch(`${app.baseUrl}/api/operations/${operationId}/processes`, { method: 'POST', headers: json(key), body: JSON.stringify({ params: { reference_code: `IN-${randomBytes(3).toString('hex')}` } }) });
    expect(created.status).toBe(201);
    const processId = ((await created.json()) as { data: { id: number } }).data.id;
    const slowRest = send(app.baseUrl, 'POST', '/api/products', json(key), { first: '{"params":{"code":"', dripMs: 300 });
    const slowUpload = send(app.baseUrl, 'POST', `/api/operations/${operationId}/processes/${processId}/documents`, { 'api-key': key, 'content-type': 'multipart/form-data; boundary=XX' }, {
      first: '--XX\r\ncontent-disposition: form-data; name="type"\r\n\r\nINVOICE\r\n--XX\r\ncontent-disposition: form-data; name="file"; filename="a.txt"\r\n\r\n',
      dripMs: 300,
    });
    const slowGraphql = send(app.baseUrl, 'POST', '/graphql', json(key), { first: '{"query":"{ __typename }","variables":{"a":"', dripMs: 300 });
    let slowDone = false;
    void Promise.race([slowRest, slowGraphql, slowUpload]).finally(() => (slowDone = true));
    // One request of the company at work at once: a slow body holding the turn would stall this.
    const read = await fetch(`${app.baseUrl}/api/products`, { headers: json(key), signal: AbortSignal.timeout(BODY_TIMEOUT_MS * 3) });
    expect(read.status).toBe(200);
    expect(slowDone).toBe(false);
    const [rest, graphql, upload] = await Promise.all([slowRest, slowGraphql, slowUpload]);
    expect(rest.status).toBe(408);
    expect(JSON.parse(rest.text)).toMatchObject({ code: 'REQUEST_TIMEOUT', message: 'The request body did not arrive in time.' });
    expect(rest.ms).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    expect(await rest.closed).toBe(true);
    expect(graphql.status).toBe(408);
    expect(JSON.parse(graphql.text).errors[0].extensions.code).toBe('REQUEST_TIMEOUT');
    expect(await graphql.closed).toBe(true);
    expect(upload.status).toBe(408);
    expect(await upload.closed).toBe(true);
  });

  it('answers made-up key prefixes with 401 and no SQL statement of their own: one shared lookup a second at most', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? fetch(`${app.baseUrl}/api/products`, { headers: json(madeUpKey()) })
          : fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers: json(madeUpKey()), body: JSON.stringify({ query: '{ __typename }' }) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 401));
    const statements = answers.reduce((sum, a) => sum + Number(a.headers.get('x-sql-statements')), 0);
    expect(statements).toBeLessThanOrEqual(4);
    // A key made by the running server works from its first call.
    const res = await fetch(`${app.baseUrl}/admin/companies`, { method: 'POST', headers: { 'admin-token': adminToken, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Fresh Co.' }) });
    const fresh = ((await res.json()) as { api_key: string }).api_key;
    expect((await fetch(`${app.baseUrl}/api/products`, { headers: json(fresh) })).status).toBe(200);
  });
});
