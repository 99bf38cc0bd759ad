// Prepared reads on the embedded database (docs/decisions/009-relation-loading.md, "Prepared
// reads"): the client Prisma's adapter is handed sends each statement of 2,000 characters or more
// as a named prepared statement, keeps at most 64 of them, answers as PGlite's own query does,
// and keeps PGlite's order of queries and transactions. On a PGlite of the test's own.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARE_FROM_CHARS, PREPARED_PER_PROCESS } from '../prisma/prepared-reads.ts';
import { preparingClient } from '../prisma/pglite-statements.ts';

/** A statement long enough to be prepared: `select` and a comment of padding naming it `n`. */
const long = (select: string, n = 0) => `${select} /* read ${n} ${'.'.repeat(PREPARE_FROM_CHARS)} */`;

const READ = 'SELECT id, name, shipped_on, details, $2::text AS asked FROM parcels WHERE id >= $1 ORDER BY id';

describe('prepared reads on the embedded database', () => {
  let raw: PGlite;
  let db: PGlite;
  const prepared = async () =>
    (await raw.query<{ name: string; statement: string; generic_plans: number }>('SELECT name, statement, generic_plans::int FROM pg_prepared_statements ORDER BY name')).rows;

  beforeAll(async () => {
    raw = await PGlite.create();
    db = preparingClient(raw);
    await raw.exec(`CREATE TABLE parcels (id int PRIMARY KEY, name text, shipped_on date, details jsonb);
      INSERT INTO parcels VALUES (1, 'one', '2026-05-10', '{"kg": 1.5}'), (2, NULL, NULL, NULL), (3, 'three', '2026-05-12', '[1, 2]');`);
  });
  afterAll(async () => {
    await raw.close();
  });

  it('answers a long statement as PGlite does, parses it once and comes to a generic plan', async () => {
    const sql = long(READ);
    const expected = await raw.query(sql, [2, 'x'], { rowMode: 'array' });
    for (let i = 0; i < 8; i++) {
      const answer = await db.query(sql, [2, 'x'], { rowMode: 'array' });
      expect(answer.rows).toEqual(expected.rows);
      expect(answer.fields).toEqual(expected.fields);
    }
    expect((await db.query(sql, [1, null])).rows).toEqual((await raw.query(sql, [1, null])).rows);
    const kept = (await prepared()).filter((p) => p.statement === sql);
    expect(kept).toHaveLength(1);
    // PostgreSQL plans the first five calls for their values, then may keep a generic plan.
    expect(kept[0].generic_plans).toBeGreaterThan(0);
  });

  it('leaves short statements unnamed', async () => {
    const before = (await prepared()).length;
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM parcels WHERE id > $1', [0])).rows).toEqual([{ n: 3 }]);
    expect(await prepared()).toHaveLength(before);
  });

  it(`keeps at most ${PREPARED_PER_PROCESS} statements, closing the one used least recently`, async () => {
    const texts = Array.from({ length: PREPARED_PER_PROCESS + 6 }, (_, i) => long('SELECT count(*)::int AS n FROM parcels WHERE id <= $1', 1000 + i));
    for (const sql of texts) await db.query(sql, [2]);
    // The first text, used again, is the most recent: the next new one closes the second instead.
    await db.query(texts[6], [2]);
    await db.query(long('SELECT 1 AS one WHERE $1::int > 0', 2000), [1]);
    const statements = new Set((await prepared()).map((p) => p.statement));
    expect(statements.size).toBe(PREPARED_PER_PROCESS);
    expect(statements.has(texts[6])).toBe(true);
    expect(statements.has(texts[7])).toBe(false);
    expect(statements.has(texts.at(-1)!)).toBe(true);
  });

  it('closes the statement of a failed call and prepares it again on the next', async () => {
    const sql = long('SELECT 10 / $1::int AS q', 3000);
    expect((await db.query(sql, [5])).rows).toEqual([{ q: 2 }]);
    await expect(db.query(sql, [0])).rejects.toThrow('division by zero');
    expect((await prepared()).some((p) => p.statement === sql)).toBe(false);
    expect((await db.query(sql, [2])).rows).toEqual([{ q: 5 }]);
    expect((await prepared()).filter((p) => p.statement === sql)).toHaveLength(1);
  });

  it('does not keep a generic plan made when its table was empty: statistics plan it again', async () => {
    await raw.exec('CREATE TABLE legs (id int PRIMARY KEY, port int); CREATE INDEX legs_port ON legs (port); ANALYZE legs;');
    const sql = long('SELECT count(*)::int AS n FROM legs WHERE port = $1', 5000);
    for (let i = 0; i < 8; i++) await db.query(sql, [i]);
    const kept = async () => (await raw.query<{ name: string; custom_plans: number }>('SELECT name, custom_plans::int FROM pg_prepared_statements WHERE statement = $1', [sql])).rows[0];
    const before = await kept();
    // The rows the plan expects the scan of legs to find.
    const estimate = async () => {
      const plan = (await raw.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE ${before.name}(5)`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      return Number(/Scan on legs .*rows=(\d+)/.exec(plan)![1]);
    };
    expect(await estimate()).toBeLessThan(50);
    await raw.exec('INSERT INTO legs SELECT g, g % 100 FROM generate_series(1, 50000) g; ANALYZE legs;');
    expect((await db.query(sql, [5])).rows).toEqual([{ n: 500 }]);
    // The statistics changed: the statement is planned for its values again, with the new counts.
    expect((await kept()).custom_plans).toBeGreaterThan(before.custom_plans);
    expect(await estimate()).toBeGreaterThan(400);
    expect(await estimate()).toBeLessThan(600);
  });

  it('reads a transaction’s own writes inside it, and waits for it outside', async () => {
    const sql = long(READ, 4000);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside: unknown[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO parcels VALUES (10, 'ten', NULL, NULL)`);
      inside = (await tx.query<{ id: number }>(sql, [10, 'tx'])).rows.map((r) => r.id);
      await held;
      await tx.rollback();
    });
    await expect.poll(() => inside).toEqual([10]);
    // A read outside the transaction waits until it ends, as PGlite's own query does.
    const outside = db.query<{ id: number }>(sql, [10, 'out']);
    release();
    await transaction;
    expect((await outside).rows).toEqual([]);
  });
});
