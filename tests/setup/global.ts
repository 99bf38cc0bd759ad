// Starts one app server for the whole run on a database of its own: a fresh PostgreSQL
// database when DATABASE_URL is set (created here, dropped afterwards), otherwise a fresh
// embedded PGlite folder. Tests reach it over real HTTP only.
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
    databaseKind: 'pglite' | 'postgres';
    databaseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

let server: ChildProcess | undefined;
let cleanup: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  const adminToken = randomBytes(24).toString('hex');
  const runEnv: Record<string, string> = {};
  const serverUrl = process.env.DATABASE_URL;
  let kind: 'pglite' | 'postgres';
  if (serverUrl) {
    kind = 'postgres';
    const name = `tt_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    runEnv.DATABASE_URL = withDatabase(serverUrl, name);
    cleanup = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    kind = 'pglite';
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tt-test-'));
    runEnv.DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  // Outside CI, schema changes without a migration yet are pushed so work in progress can
  // be tested; CI applies migrations only (tests/schema.test.ts fails on drift).
  if (!process.env.CI) {
    const { openDatabase } = await import('../../prisma/database.ts');
    const { applySchemaDrift } = await import('../../prisma/migrate.ts');
    const db = await openDatabase({ databaseUrl: runEnv.DATABASE_URL, dataDir: runEnv.DATA_DIR ?? '' });
    const pushed = await applySchemaDrift(db.adapterFactory);
    if (pushed) console.warn('[tests] prisma/schema has changes without a migration; pushed them for this run');
    await db.close();
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    env: {
      ...process.env,
      ...runEnv,
      PORT: String(port),
      ADMIN_TOKEN: adminToken,
      SKIP_DEMO: '1',
      SQL_STATS: '1',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => {
    output += d;
    process.stderr.write(`[server] ${d}`);
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/openapi.json`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('adminToken', adminToken);
  project.provide('databaseKind', kind);
  project.provide('databaseUrl', runEnv.DATABASE_URL ?? '');
}

export async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  await cleanup?.();
}
