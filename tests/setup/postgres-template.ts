// The migrated template database on a PostgreSQL server (database-template.ts tells why and how it
// is named). A test's database is `CREATE DATABASE ... TEMPLATE` of it: a copy of its files, in a
// fraction of a second, where migrating took 15 to 30 s. The template takes no connections
// (ALLOW_CONNECTIONS false), so neither a test nor autovacuum can hold it while it is copied.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from '../../scripts/local-net.ts';
import { loadReferenceData, templateKey, UNUSED_FOR_MS } from './database-template.ts';

/** Runs `text` on the server's maintenance connection (the database of `serverUrl`). */
async function onServer<T extends pg.QueryResultRow>(serverUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Retries `step` while the database it names is still held by a closing connection (55006). */
async function whenReleased(step: () => Promise<unknown>): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      await step();
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || tries === 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Migrates the new database `name` as every test database is (CI: migrations only), and loads the reference data. */
async function migrate(serverUrl: string, name: string): Promise<void> {
  const { openDatabase } = await import('../../prisma/database.ts');
  const { applyMigrations, applySchemaDrift } = await import('../../prisma/migrate.ts');
  const db = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), dataDir: '' });
  try {
    if (process.env.CI) await applyMigrations(db.adapterFactory);
    else await applySchemaDrift(db.adapterFactory);
  } finally {
    await db.close();
  }
  loadReferenceData({ DATABASE_URL: withDatabase(serverUrl, name) });
}

/**
 * The name of the server's template for this checkout, made now if no run made it yet. Several
 * processes may make it at once: each builds a database of its own and renames it into place; the
 * first rename wins and the others drop theirs. Templates of other keys unused for a day are dropped.
 */
export async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `tt_template_${templateKey()}`;
  const now = new Date().toISOString();
  const [found] = await onServer(serverUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found) {
    await onServer(serverUrl, `COMMENT ON DATABASE ${name} IS '${now}'`);
    return name;
  }
  const building = `tt_template_building_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${building}`);
  // Dated like a template, so a build a killed run left behind is dropped a day later.
  await onServer(serverUrl, `COMMENT ON DATABASE ${building} IS '${now}'`);
  try {
    await migrate(serverUrl, building);
    await whenReleased(() => onServer(serverUrl, `ALTER DATABASE ${building} RENAME TO ${name}`));
    await onServer(serverUrl, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await onServer(serverUrl, `COMMENT ON DATABASE ${name} IS '${now}'`);
  } catch (e) {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    const [made] = await onServer(serverUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!made) throw e;
  }
  const others = await onServer<{ datname: string; used: string | null }>(
    serverUrl,
    `SELECT datname, shobj_description(oid, 'pg_database') AS used FROM pg_database WHERE datname LIKE 'tt\\_template\\_%' AND datname <> $1`,
    [name],
  );
  for (const other of others) {
    const usedAt = Date.parse(other.used ?? '');
    if (Number.isNaN(usedAt) || Date.now() - usedAt > UNUSED_FOR_MS) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${other.datname} WITH (FORCE)`);
  }
  return name;
}

/** Creates the database `name` as a copy of the server's template. */
export async function copyPostgresTemplate(serverUrl: string, name: string): Promise<void> {
  const template = await postgresTemplate(serverUrl);
  await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
}
