// A database that cannot be used (docs/limits.md, Database unavailable): the app keeps serving
// under load while its PostgreSQL server is stopped and started again. The test runs a server
// of its own (tests/setup/own-postgres.ts) and an app on it, so it runs in both suites and
// disturbs no other test: every answer meanwhile is a 2xx or a 503 with Retry-After, never a
// 500; the app recovers by itself; every write that answered 2xx is stored; the app
// logs one line when the outage starts and one when it ends.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './setup/app-server.ts';
import { ownPostgres, type OwnPostgres } from './setup/own-postgres.ts';

/** One answer a client got: when, its status, and whether a 503 was the catalogue's. */
interface Answer {
  at: number;
  status: number;
  retryAfter: string | null;
  code?: unknown;
}

/** Polls `condition` until it holds (fails after `ms`). */
async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('when the database server stops under load and starts again', () => {
  let database: OwnPostgres;
  let app: AppServer;
  let logDir: string;
  const adminToken = randomBytes(16).toString('hex');
  beforeAll(async () => {
    database = await ownPostgres();
    logDir = mkdtempSync(path.join(os.tmpdir(), 'tt-outage-log-'));
    writeFileSync(path.join(logDir, 'stderr.log'), '');
    app = await startAppServer({ serverUrl: database.url, adminToken, stderrLog: path.join(logDir, 'stderr.log') });
  }, 300_000);
  afterAll(async () => {
    // A failed wait leaves the server stopped: the app's database is dropped on it.
    database?.start();
    await app?.stop();
    database?.destroy();
    if (logDir) rmSync(logDir, { recursive: true, force: true });
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After (REST and GraphQL) and never 500, recovers by itself, stores every write that answered 2xx, and logs each outage once', { timeout: 240_000 }, async () => {
    const created = await fetch(`${app.baseUrl}/admin/companies`, { method: 'POST', headers: { 'admin-token': adminToken, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Outage Co.' }) });
    const key = ((await created.json()) as { api_key: string }).api_key;
    const headers = { 'api-key': key, 'content-type': 'application/json', locale: 'en-US' };

    // Each client sends one request after another until told to stop, and keeps its answers.
    const answers = new Map<string, Answer[]>();
    const sent = new Map<string, { client: string; status: number }>();
    let running = true;
    let serial = 0;
    const client = async (name: string, request: () => Promise<Answer & { code?: unknown }>) => {
      const mine: Answer[] = [];
      answers.set(name, mine);
      while (running) mine.push(await request());
    };
    const restWrite = (name: string) => async () => {
      const code = `${name}-${++serial}`;
      const res = await fetch(`${app.baseUrl}/api/products`, { method: 'POST', headers, body: JSON.stringify({ params: { code, description: 'x' } }) });
      const body = await res.json();
      sent.set(code, { client: name, status: res.status });
      return { at: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after'), code: body.code };
    };
    const restRead = async () => {
      const res = await fetch(`${app.baseUrl}/api/products?limit=5`, { headers });
      const body = await res.json();
      return { at: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after'), code: body.code };
    };
    const gql = async (query: string) => {
      const res = await fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers: { ...headers, accept: 'application/graphql-response+json' }, body: JSON.stringify({ query }) });
      const body = await res.json();
      // A failed operation carries its code; one that answered has data and no errors.
      const failed = body.errors?.length ? body.errors[0].extensions?.code : undefined;
      if (failed && body.data !== null) return { at: Date.now(), status: -res.status, retryAfter: null, code: failed };
      return { at: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after'), code: failed };
    };
    const gqlWrite = (name: string) => async () => {
      const code = `${name}-${++serial}`;
      const answer = await gql(`mutation { createProduct(params: {code: "${code}", description: "x"}) { product { id } } }`);
      sent.set(code, { client: name, status: answer.status });
      return answer;
    };
    const clients = [
      client('rest-w1', restWrite('rest-w1')),
      client('rest-w2', restWrite('rest-w2')),
      client('rest-w3', restWrite('rest-w3')),
      client('rest-r', restRead),
      client('gql-w', gqlWrite('gql-w')),
      client('gql-r', () => gql('{ products(limit: 5) { total_count data { id code } } }')),
    ];
    const names = [...answers.keys()];
    // What the app wrote to stderr, Node's own notices left out.
    const logged = () => readFileSync(path.join(logDir, 'stderr.log'), 'utf8').split('\n').filter((l) => l.trim() && !/^\(node:\d+\)|^\(Use `node/.test(l));
    const ends = () => logged().filter((l) => l.startsWith('[database] available again')).length;
    const lacking = (from: number, ok: (a: Answer) => boolean) => names.filter((n) => !answers.get(n)!.some((a) => a.at >= from && ok(a)));
    const seen = (from: number, ok: (a: Answer) => boolean) => lacking(from, ok).length === 0;
    const served = (a: Answer) => a.status === 200 || a.status === 201;

    try {
      for (const [round, mode] of (['fast', 'immediate'] as const).entries()) {
        await until(() => seen(0, served), 30_000, 'every client served');
        const stopped = Date.now();
        database.stop(mode);
        await until(() => seen(stopped, (a) => a.status === 503), 30_000, `every client answered 503 while the server is down (${mode})`).catch((e: Error) => {
          const last = (n: string) => answers.get(n)!.at(-1);
          throw new Error(`${e.message}; still without one: ${lacking(stopped, (a) => a.status === 503).map((n) => `${n} (last answer ${last(n)?.status} ${Date.now() - (last(n)?.at ?? 0)} ms ago)`).join(', ')}`);
        });
        const restarted = Date.now();
        database.start();
        await until(() => seen(restarted, served), 30_000, `every client served again after the restart (${mode})`);
        await until(() => ends() === round + 1, 30_000, `the end of the outage logged (${mode})`);
      }
    } finally {
      running = false;
      await Promise.all(clients);
    }

    const all = names.flatMap((n) => answers.get(n)!.map((a) => ({ client: n, ...a })));
    // Never anything but a 2xx or the catalogue's 503 with Retry-After.
    expect(all.filter((a) => !served(a) && a.status !== 503)).toEqual([]);
    expect(all.filter((a) => a.status === 503 && (a.retryAfter !== '1' || a.code !== 'SERVICE_UNAVAILABLE'))).toEqual([]);
    expect(all.filter((a) => a.status === 503).length).toBeGreaterThan(names.length * 2);

    // Every write that answered 2xx is stored. One caught by the stop after its commit (its
    // answer's read, or the commit's reply, lost) answers 503 yet is stored: the client cannot
    // tell, which is why docs/limits.md has it retried with an Idempotency-Key.
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    const stored = new Set((await db.query<{ code: string }>('SELECT code FROM products')).rows.map((r) => r.code));
    await db.end();
    const answered = [...sent].filter(([, s]) => served({ status: s.status } as Answer)).map(([code]) => code);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((code) => !stored.has(code))).toEqual([]);
    expect([...stored].filter((code) => !sent.has(code))).toEqual([]);

    // One line when each outage starts and one when it ends; no stack trace.
    expect(logged().map((l) => l.replace(/: .*| after .*/, ''))).toEqual(['[database] unavailable', '[database] available again', '[database] unavailable', '[database] available again']);
  });
});
