// Starts the app as a child process on a database of its own: a fresh PostgreSQL database
// when a server URL is given (created here, dropped on stop), otherwise a fresh embedded
// PGlite folder, a copy of the run's migrated template (database-template.ts). Used once per
// test run (global.ts) and by tests that need other settings or must break their own
// database (resilience.test.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, withDatabase } from '../../scripts/local-net.ts';
import { copyTemplate } from './database-template.ts';
import { nodeArgs } from './project-process.ts';
import { copyPostgresTemplate } from './postgres-template.ts';

export { freePort, withDatabase };

/** A running app server and how to stop it. */
export interface AppServer {
  baseUrl: string;
  kind: 'pglite' | 'postgres';
  databaseUrl: string;
  /** The embedded database's folder ('' on a PostgreSQL server). */
  dataDir: string;
  /** The app's process id (its memory can be read from /proc). */
  pid: number;
  /**
   * Ends the app's process with `signal` (SIGKILL: a crash) and starts a new one on the same
   * database and settings, after `meanwhile` (work on the database while no app holds it);
   * `baseUrl` and `pid` then name the new one.
   */
  restart(signal: NodeJS.Signals, meanwhile?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Creates a throwaway database on the PostgreSQL server of `serverUrl`, empty or (`migrated`) a
 * copy of the server's migrated template (postgres-template.ts); returns its URL and a dropper.
 */
export async function throwawayDatabase(serverUrl: string, prefix: string, { migrated = false } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  if (migrated) {
    await copyPostgresTemplate(serverUrl, name);
  } else {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Starts `scripts/serve.mjs` on a fresh database and waits until it answers. With `stderrLog`,
 * everything the app writes to stderr is also appended to that file as it arrives, so tests
 * can fail on server-side errors (tests/setup/each-file.ts). A server a test starts for itself
 * (resilience.test.ts) keeps no such log: its errors are the ones that test provokes.
 */
/** One key for the carrier secrets of every app a run starts (so a restarted app, or a worker beside it, reads what it stored). */
export const carrierKey = randomBytes(32).toString('base64');

export async function startAppServer({ serverUrl, adminToken, stderrLog, stdoutLog, settings = {}, unmigrated = false, production = false }: {
  serverUrl?: string;
  /**
   * Run as deployed (NODE_ENV=production, without the tests' Node.js flags): for the benchmarks,
   * whose figures are what users meet.
   */
  production?: boolean;
  /**
   * Start on an empty database that the app migrates itself (as on a first start), rather than
   * on a copy of the migrated template.
   */
  unmigrated?: boolean;
  adminToken: string;
  stderrLog?: string;
  /** File the app's standard output (its request log) is appended to as it arrives. */
  stdoutLog?: string;
  /** Extra environment for the app (.env.example), e.g. smaller limits for a test of its own. */
  settings?: Record<string, string>;
}): Promise<AppServer> {
  const runEnv: Record<string, string> = {};
  const cleanups: (() => Promise<void> | void)[] = [];
  let kind: AppServer['kind'];
  if (serverUrl) {
    kind = 'postgres';
    const db = await throwawayDatabase(serverUrl, 'tt_test', { migrated: !unmigrated });
    runEnv.DATABASE_URL = db.url;
    cleanups.push(db.drop);
    // Uploaded documents stay out of the working tree.
    const docs = mkdtempSync(path.join(os.tmpdir(), 'tt-test-docs-'));
    runEnv.DOCUMENTS_DIR = docs;
    cleanups.push(() => rmSync(docs, { recursive: true, force: true }));
  } else {
    kind = 'pglite';
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tt-test-'));
    runEnv.DATA_DIR = dir;
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    if (!unmigrated) await copyTemplate(dir);
  }
  // Outside CI, schema changes without a migration yet are pushed so work in progress can
  // be tested; CI applies migrations only (tests/schema.test.ts fails on drift). A copy of
  // the template has them already.
  if (!process.env.CI && unmigrated) {
    const { openDatabase } = await import('../../prisma/database.ts');
    const { applySchemaDrift } = await import('../../prisma/migrate.ts');
    const db = await openDatabase({ databaseUrl: runEnv.DATABASE_URL, dataDir: runEnv.DATA_DIR ?? '' });
    const pushed = await applySchemaDrift(db.adapterFactory);
    if (pushed) console.warn('[tests] prisma/schema has changes without a migration; pushed them for this run');
    await db.close();
  }
  const cleanUp = async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  };
  const launch = async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, production ? ['scripts/serve.mjs'] : nodeArgs('scripts/serve.mjs'), {
      env: { ...process.env, ...runEnv, PORT: String(port), ADMIN_TOKEN: adminToken, SKIP_DEMO: '1', SQL_STATS: '1', NODE_ENV: production ? 'production' : 'test', CORS_ORIGINS: 'https://allowed.example',
        // Tests send hundreds of requests a second on one key; the rate limits have a test of their own.
        RATE_LIMIT_REQUESTS: '1000000',
        // Likewise for requests without a valid key, counted per client address (here all of them).
        RATE_LIMIT_UNAUTHENTICATED: '1000000',
        // Webhook receivers of the tests listen on the loopback address (docs/webhooks.md, Security).
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
        // Retries within seconds: the first one 10 s x 0.001 later.
        WEBHOOKS_RETRY_SCALE: '0.001',
        // A production start on PostgreSQL needs the carrier secrets' key (docs/tracking.md, Settings).
        CARRIER_SECRETS_KEY: carrierKey, ...settings },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The start-up output, kept for the error of a failed start (the request log is not kept here).
    let output = '';
    server.stdout!.on('data', (d) => {
      if (output.length < 64 * 1024) output += d;
      if (stdoutLog) appendFileSync(stdoutLog, d);
    });
    server.stderr!.on('data', (d) => {
      if (output.length < 64 * 1024) output += d;
      process.stderr.write(`[server] ${d}`);
      // Written synchronously: a test that checks the file right after its requests sees every
      // line the server had written by then.
      if (stderrLog) appendFileSync(stderrLog, d);
    });
    const end = async (signal: NodeJS.Signals) => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    };
    // Generous: a loaded CI machine builds and starts the app slowly; a hung start still fails.
    const deadline = Date.now() + 300_000;
    for (;;) {
      const failed = server.exitCode !== null ? 'exited early' : Date.now() > deadline ? 'did not start' : null;
      if (failed) {
        await end('SIGTERM');
        await cleanUp();
        throw new Error(`server ${failed}:\n${output}`);
      }
      try {
        if ((await fetch(`${baseUrl}/openapi.json`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return { baseUrl, pid: server.pid!, end };
  };
  let running = await launch();
  const app: AppServer = {
    baseUrl: running.baseUrl,
    kind,
    databaseUrl: runEnv.DATABASE_URL ?? '',
    dataDir: runEnv.DATA_DIR ?? '',
    pid: running.pid,
    async restart(signal, meanwhile) {
      await running.end(signal);
      await meanwhile?.();
      running = await launch();
      Object.assign(app, { baseUrl: running.baseUrl, pid: running.pid });
    },
    async stop() {
      await running.end('SIGTERM');
      await cleanUp();
    },
  };
  return app;
}
