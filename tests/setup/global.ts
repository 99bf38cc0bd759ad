// Starts the run's shared app servers, one per worker, each on a database of its own
// (tests/setup/app-server.ts, shared-app.ts): PostgreSQL when DATABASE_URL is set, the embedded
// PGlite otherwise (copies of the migrated template the files' own apps copy too:
// database-template.ts). Tests reach them over real HTTP only. Beside them, the run's one
// Chromium (browser-server.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { BrowserServer } from 'playwright-core';
import { startAppServer, type AppServer } from './app-server.ts';
import { launchBrowserServer } from './browser-server.ts';
import { pgliteTemplate, warnOfPushedChanges } from './database-template.ts';
import { postgresTemplate } from './postgres-template.ts';
import type { SharedApp } from './shared-app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared apps, one per worker (shared-app.ts picks a file's). */
    apps: SharedApp[];
    adminToken: string;
    databaseKind: 'pglite' | 'postgres';
    /** The websocket endpoint of the run's Chromium ('' when it is not installed, outside CI). */
    browserEndpoint: string;
  }
}

let apps: AppServer[] = [];
let browser: BrowserServer | null = null;
let logDir: string | undefined;

/** Builds what of the app and the site is not current (scripts/ensure-build.mjs), in a process of its own. */
function ensureBuild(): Promise<void> {
  return new Promise((resolve, reject) =>
    spawn(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' })
      .on('error', reject)
      .on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`scripts/ensure-build.mjs stopped (${signal ?? `exit code ${code}`})`)))),
  );
}

export async function setup(project: TestProject) {
  // The builds (on a clean clone, the site's) and the template database are made side by side,
  // on the two cores; the apps start once both are done.
  const building = ensureBuild();
  building.catch(() => undefined);
  const adminToken = randomBytes(24).toString('hex');
  logDir = mkdtempSync(path.join(os.tmpdir(), 'tt-test-log-'));
  const launching = launchBrowserServer();
  // Awaited below; a failed launch is reported there, not as an unhandled rejection meanwhile.
  launching.catch(() => undefined);
  // Made before any app starts, so they all only copy it.
  if (process.env.DATABASE_URL) await postgresTemplate(process.env.DATABASE_URL);
  else warnOfPushedChanges(await pgliteTemplate());
  await building;
  const shared = await Promise.all(
    Array.from({ length: Math.max(1, project.config.maxWorkers) }, async (_, i) => {
      const serverLog = path.join(logDir!, `server-${i + 1}-stderr.log`);
      writeFileSync(serverLog, '');
      const serverOut = path.join(logDir!, `server-${i + 1}-stdout.log`);
      writeFileSync(serverOut, '');
      const app = await startAppServer({ serverUrl: process.env.DATABASE_URL || undefined, adminToken, stderrLog: serverLog, stdoutLog: serverOut });
      apps.push(app);
      return { baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, serverLog, serverOut };
    }),
  );
  browser = await launching;
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');
  project.provide('apps', shared);
  project.provide('adminToken', adminToken);
  project.provide('databaseKind', process.env.DATABASE_URL ? 'postgres' : 'pglite');
}

export async function teardown() {
  await browser?.close();
  await Promise.all(apps.splice(0).map((app) => app.stop()));
  if (logDir) rmSync(logDir, { recursive: true, force: true });
}
