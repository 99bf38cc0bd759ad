// The schema can be distributed by company on Citus without a change to its keys
// (docs/decisions/002-tenant-keys-and-sharding.md): on a database the migrations built, every
// company-owned table (one whose company_id is NOT NULL) has company_id first in its primary key
// and in every unique index, and every foreign key from it to another company-owned table
// includes company_id. Foreign keys to reference data (ports, airports, vessels ...) need not:
// those tables are replicated to every node.
import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../prisma/migrate.ts';
import { pgliteExtensions } from '../prisma/database.ts';

/** Company tables keyed globally, by decision 002: a key is found by its prefix before its company is known. */
const GLOBAL_BY_DECISION = new Set(['api_keys']);

/** Company-owned tables. */
const OWNED = `
  SELECT c.oid, c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND a.attnotnull
   WHERE c.relkind = 'r'`;

/** Primary keys and unique indexes whose first column is not company_id. */
const UNIQUE_WITHOUT_COMPANY = `
  WITH owned AS (${OWNED})
  SELECT owned.relname AS "table", i.relname AS "index"
    FROM pg_index x
    JOIN owned ON owned.oid = x.indrelid
    JOIN pg_class i ON i.oid = x.indexrelid
    LEFT JOIN pg_attribute first ON first.attrelid = x.indrelid AND first.attnum = x.indkey[0]
   WHERE (x.indisunique OR x.indisprimary) AND first.attname IS DISTINCT FROM 'company_id'
   ORDER BY 1, 2`;

/** Foreign keys between company-owned tables that leave company_id out. */
const FOREIGN_KEYS_WITHOUT_COMPANY = `
  WITH owned AS (${OWNED})
  SELECT src.relname AS "table", con.conname AS "constraint"
    FROM pg_constraint con
    JOIN owned src ON src.oid = con.conrelid
    JOIN owned dst ON dst.oid = con.confrelid
   WHERE con.contype = 'f'
     AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = con.conrelid AND a.attnum = ANY (con.conkey) AND a.attname = 'company_id')
   ORDER BY 1, 2`;

describe('keys ready for sharding by company', () => {
  it('puts company_id first in every primary key and unique index of a company-owned table, and in every foreign key between them', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { PrismaPGlite } = await import('pglite-prisma-adapter');
    const db = await PGlite.create({ extensions: await pgliteExtensions() });
    try {
      await applyMigrations(new PrismaPGlite(db));
      const owned = (await db.query<{ relname: string }>(OWNED)).rows.map((r) => r.relname);
      // The check reads the real schema: the business tables are there.
      expect(owned).toEqual(expect.arrayContaining(['products', 'orders', 'processes', 'foreign_trade_shipments']));
      const unique = (await db.query<{ table: string; index: string }>(UNIQUE_WITHOUT_COMPANY)).rows.filter((r) => !GLOBAL_BY_DECISION.has(r.table));
      expect(unique).toEqual([]);
      const foreign = (await db.query<{ table: string; constraint: string }>(FOREIGN_KEYS_WITHOUT_COMPANY)).rows.filter((r) => !GLOBAL_BY_DECISION.has(r.table));
      expect(foreign).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
