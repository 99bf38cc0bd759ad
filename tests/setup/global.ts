// Starts one app server for the whole run on a database of its own (tests/setup/app-server.ts):
// PostgreSQL when DATABASE_URL is set, the embedded PGlite otherwise (a copy of the migrated
// template the files' own apps copy too: database-template.ts). Tests reach it over real HTTP
// only. Beside it, the run's one Chromium (browser-server.ts).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { BrowserServer } from 'playwright-core';
import { startAppServer, type AppServer } from './app-server.ts';
import { launchBrowserServer } from './browser-server.ts';
import { pgliteTemplate, warnOfPushedChanges } from './database-template.ts';

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
    /** The websocket endpoint of the run's Chromium ('' when it is not installed, outside CI). */
    browserEndpoint: string;
  }
}

let app: AppServer | undefined;
let browser: BrowserServer | null = null;
let logDir: string | undefined;

export async function setup(project: TestProject) {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  const adminToken = randomBytes(24).toString('hex');
  logDir = mkdtempSync(path.join(os.tmpdir(), 'tt-test-log-'));
  const serverLog = path.join(logDir, 'server-stderr.log');
  writeFileSync(serverLog, '');
  const serverOut = path.join(logDir, 'server-stdout.log');
  writeFileSync(serverOut, '');
  const launching = launchBrowserServer();
  // Awaited below; a failed launch is reported there, not as an unhandled rejection meanwhile.
  launching.catch(() => undefined);
  // Made before any file starts an app of its own, so they only copy it.
  if (!process.env.DATABASE_URL) warnOfPushedChanges(await pgliteTemplate());
  app = await startAppServer({ serverUrl: process.env.DATABASE_URL || undefined, adminToken, stderrLog: serverLog, stdoutLog: serverOut });
  browser = await launching;
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');
  project.provide('baseUrl', app.baseUrl);
  project.provide('adminToken', adminToken);
  project.provide('databaseKind', app.kind);
  project.provide('databaseUrl', app.databaseUrl);
  project.provide('serverLog', serverLog);
  project.provide('serverOut', serverOut);
}

export async function teardown() {
  await browser?.close();
  await app?.stop();
  if (logDir) rmSync(logDir, { recursive: true, force: true });
}
