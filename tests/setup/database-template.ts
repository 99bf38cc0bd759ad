// The migrated database every app of a test run starts on a copy of (tests/setup/app-server.ts),
// instead of creating and migrating a database of its own: running the migration engine took each
// file that starts its own app several seconds on PGlite and 15 to 30 s on PostgreSQL.
//
// On PGlite it is a folder kept under node_modules/.cache/tradetrack-tests/; on PostgreSQL a
// template database on the same server (postgres-template.ts). Both are named by a hash of what
// makes them: the migrations, prisma/schema (outside CI, its changes without a migration are pushed
// into the template, as they were into each database before), the reference data's sources
// (prisma/data and the data packages: the template holds the data loaded, so an app started on a
// copy skips the load with one query), the versions of PGlite, its Prisma adapter and the schema
// engine, and whether CI runs. A change to any of them makes a new one; an
// unchanged one is reused by the next run. The run's global setup (global.ts) makes it before any
// file starts, so the files only copy it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { referenceSourcesVersion } from '../../graph/reference/sources.ts';
import { nodeArgs } from './project-process.ts';

/** Where the test runs keep what they may reuse from one run to the next. */
export const testCache = path.resolve('node_modules', '.cache', 'tradetrack-tests');

/** The version of an installed package. */
export function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(path.resolve('node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Every file under `dir`, as `relative path` and content, in a stable order. */
function filesUnder(dir: string): [string, Buffer][] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()
    .map((file) => [path.relative(dir, file), readFileSync(file)]);
}

/** The hash naming the template: of everything its content follows from. */
export function templateKey(): string {
  const hash = createHash('sha256');
  for (const dir of ['prisma/migrations', 'prisma/schema']) {
    for (const [file, content] of filesUnder(path.resolve(dir))) hash.update(`${dir}/${file}\0`).update(content).update('\0');
  }
  for (const name of ['@electric-sql/pglite', 'pglite-prisma-adapter', '@prisma/schema-engine-wasm']) hash.update(`${name}@${packageVersion(name)}\0`);
  // The reference data the template holds (loadReferenceData), named as a start names it.
  hash.update(`reference ${referenceSourcesVersion()}\0`);
  hash.update(process.env.CI ? 'migrations only' : 'migrations and schema changes');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Loads the global reference data into a template being built, as `npm start` does before the
 * first start (scripts/prepare-database.ts): on the embedded database in `DATA_DIR`, or the
 * PostgreSQL database of `DATABASE_URL`.
 */
export function loadReferenceData(database: { DATA_DIR: string } | { DATABASE_URL: string }): void {
  execFileSync(process.execPath, nodeArgs('scripts/prepare-database.ts'), {
    env: { ...process.env, DATABASE_URL: '', ...database, NODE_ENV: 'test' },
    stdio: 'pipe',
  });
}

/** Templates of other keys not used for this long are removed when a new one is made. */
export const UNUSED_FOR_MS = 24 * 3600_000;

/**
 * The template folder (holding `pglite/`), made now if no run made it yet. Several processes
 * may make it at once: each builds in a folder of its own and moves it into place; the first
 * move wins and the others drop theirs.
 */
export async function pgliteTemplate(): Promise<string> {
  const dir = path.join(testCache, `pglite-${templateKey()}`);
  if (existsSync(dir)) {
    // Its time of last use, for the clean-up below.
    const now = new Date();
    utimesSync(dir, now, now);
    return dir;
  }
  mkdirSync(testCache, { recursive: true });
  const building = mkdtempSync(path.join(testCache, 'building-'));
  try {
    const { openDatabase } = await import('../../prisma/database.ts');
    const { applyMigrations, applySchemaDrift } = await import('../../prisma/migrate.ts');
    const db = await openDatabase({ dataDir: building });
    try {
      // CI applies the migrations only (tests/schema.test.ts fails on drift); elsewhere schema
      // changes without a migration yet are pushed so work in progress can be tested.
      if (process.env.CI) await applyMigrations(db.adapterFactory);
      else writeFileSync(path.join(building, PUSHED), await applySchemaDrift(db.adapterFactory));
    } finally {
      await db.close();
    }
    loadReferenceData({ DATA_DIR: building });
    for (const old of readdirSync(testCache)) {
      const oldDir = path.join(testCache, old);
      if (old.startsWith('pglite-') && Date.now() - statSync(oldDir).mtimeMs > UNUSED_FOR_MS) rmSync(oldDir, { recursive: true, force: true });
    }
    renameSync(building, dir);
  } catch (e) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(dir)) throw e;
  }
  return dir;
}

/** The file of the template holding the schema changes pushed into it (empty: none). */
const PUSHED = 'pushed-schema-changes.sql';

/** Warns when the template holds schema changes without a migration (never in CI). */
export function warnOfPushedChanges(template: string): void {
  const pushed = path.join(template, PUSHED);
  if (existsSync(pushed) && readFileSync(pushed, 'utf8').trim()) console.warn('[tests] prisma/schema has changes without a migration; pushed them for this run');
}

/** A copy of the template in the (empty) folder `dataDir`, for one app. */
export async function copyTemplate(dataDir: string): Promise<void> {
  const template = await pgliteTemplate();
  cpSync(template, dataDir, { recursive: true });
}
