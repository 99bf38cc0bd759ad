// Starts one app server for the whole run on a database of its own (tests/setup/app-server.ts):
// PostgreSQL when DATABASE_URL is set, the embedded PGlite otherwise. Tests reach it over
// real HTTP only.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startAppServer, type AppServer } from './app-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
    databaseKind: 'pglite' | 'postgres';
    databaseUrl: string;
  }
}

let app: AppServer | undefined;

export async function setup(project: TestProject) {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  const adminToken = randomBytes(24).toString('hex');
  app = await startAppServer({ serverUrl: process.env.DATABASE_URL || undefined, adminToken });
  project.provide('baseUrl', app.baseUrl);
  project.provide('adminToken', adminToken);
  project.provide('databaseKind', app.kind);
  project.provide('databaseUrl', app.databaseUrl);
}

export async function teardown() {
  await app?.stop();
}
