// The captured tables are declared once, in graph/events/captured.ts
// (docs/decisions/012-events-and-webhooks.md, point 1; CONTRIBUTING.md, "One place for each
// concept"): the triggers the migrations install are read from a migrated database (the test
// run's own on PostgreSQL, a new one on PGlite, whose database the app holds alone) and must
// be exactly the declared ones: each declared table with its insert and update capture
// triggers and their arguments, no other table with one.
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { capturedTableNames, triggerArguments } from '../../graph/events/captured.ts';
import { sharedApp } from '../setup/shared-app.ts';
import { pgliteExtensions } from '../../prisma/database.ts';
import { applyMigrations } from '../../prisma/migrate.ts';

interface TriggerRow {
  table: string;
  name: string;
  on_insert: boolean;
  on_update: boolean;
  definition: string;
}

/** The triggers calling the capture function, whatever their name. */
const CAPTURE_TRIGGERS = `
  SELECT c.relname AS "table", t.tgname AS name, (t.tgtype & 4) <> 0 AS on_insert, (t.tgtype & 16) <> 0 AS on_update,
         pg_get_triggerdef(t.oid) AS definition
    FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_proc p ON p.oid = t.tgfoid
   WHERE p.proname = 'capture_event_changes' AND NOT t.tgisinternal
   ORDER BY 1, 2`;

/** The arguments a trigger definition passes the capture function. */
function argumentsOf(definition: string): string[] {
  const list = /capture_event_changes\((.*)\)\s*$/.exec(definition)?.[1] ?? '';
  return [...list.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'"));
}

/** The capture triggers of a migrated database. */
async function migratedTriggers(): Promise<TriggerRow[]> {
  if (inject('databaseKind') === 'postgres') {
    const client = new pg.Client({ connectionString: sharedApp().databaseUrl });
    await client.connect();
    try {
      return (await client.query<TriggerRow>(CAPTURE_TRIGGERS)).rows;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PrismaPGlite } = await import('pglite-prisma-adapter');
  const db = await PGlite.create({ extensions: await pgliteExtensions() });
  try {
    await applyMigrations(new PrismaPGlite(db));
    return (await db.query<TriggerRow>(CAPTURE_TRIGGERS)).rows;
  } finally {
    await db.close();
  }
}

describe('the captured tables', () => {
  it('are the tables the migrations installed capture triggers on, each with the declared arguments, no table missing on either side', async () => {
    const triggers = await migratedTriggers();
    const installed: Record<string, { insert?: string[]; update?: string[] }> = {};
    for (const t of triggers) {
      const table = (installed[t.table] ??= {});
      if (t.on_insert) table.insert = argumentsOf(t.definition);
      if (t.on_update) table.update = argumentsOf(t.definition);
    }
    const declared = Object.fromEntries(capturedTableNames.map((t) => [t, { insert: triggerArguments(t), update: triggerArguments(t) }]));
    expect(installed).toEqual(declared);
    // One statement trigger per table and operation: a second one would capture rows twice.
    expect(triggers).toHaveLength(2 * capturedTableNames.length);
  });
});
