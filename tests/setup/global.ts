// Starts one app server for the whole run on a database of its own (tests/setup/app-server.ts):
// PostgreSQL when DATABASE_URL is set, the embedded PGlite otherwise. Tests reach it over
// real HTTP only.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAppServer, type AppServer } from './app-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
    databaseKind: 'pglite' | 'postgres';
    databaseUrl: string;
    /** File the app server's stderr is appended to; a test during which it grows fails. */
    serverLog: string;
    /** File the app server's standard output (the request log) is appended to. */
    serverOut: string;
  }
}

let app: AppServer | undefined;
let logDir: string | undefined;

export async function setup(project: TestProject) {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  const adminToken = randomBytes(24).toString('hex');
  logDir = mkdtempSync(path.join(os.tmpdir(), 'tt-test-log-'));
  const serverLog = path.join(logDir, 'server-stderr.log');
  writeFileSync(serverLog, '');
  const serverOut = path.join(logDir, 'server-stdout.log');
  writeFileSync(serverOut, '');
  app = await startAppServer({ serverUrl: process.env.DATABASE_URL || undefined, adminToken, stderrLog: serverLog, stdoutLog: serverOut });
  project.provide('baseUrl', app.baseUrl);
  project.provide('adminToken', adminToken);
  project.provide('databaseKind', app.kind);
  project.provide('databaseUrl', app.databaseUrl);
  project.provide('serverLog', serverLog);
  project.provide('serverOut', serverOut);
}

export async function teardown() {
  await app?.stop();
  if (logDir) rmSync(logDir, { recursive: true, force: true });
}
