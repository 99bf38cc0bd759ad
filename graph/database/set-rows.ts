// Rows of one table written by set (docs/decisions/010-write-path.md, "Writes by set"): a batch
// of any size costs one statement per shape, a shape being the set of columns its rows carry
// (a batch of like entries has one). The rows travel as one JSON parameter and PostgreSQL
// reads them back as the table's own row type (jsonb_populate_recordset), so every column gets
// its type from the table: enums, numerics, dates, arrays and JSON alike. A column a row does
// not carry keeps its default on insert and its stored value on update, as with Prisma.
// This is the one bulk writer (CONTRIBUTING.md, "One place for each concept"): a statement
// that writes many rows of one shape from JSON (the events relay's, the deliveries') embeds
// `insertSelect`. Binding a parameter per column and row instead (as Prisma's createMany
// does) costs more than the insert itself for wide rows such as event payloads
// (docs/benchmarks.md, "Events and webhooks").
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { Tx } from './transaction.ts';

export type Row = Record<string, unknown>;

/** Table and column names come from this code's catalogues, never from input; checked anyway. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an SQL identifier: ${name}`);
  return name;
}

/** A value as the JSON the row type reads: Prisma's database null is SQL NULL. */
function jsonValue(value: unknown): unknown {
  return value === Prisma.DbNull || value === Prisma.JsonNull ? null : value;
}

/** The rows grouped by the columns they carry (sorted), each row with its index in `rows`. */
function shapes(rows: Row[]): { columns: string[]; rows: Row[]; at: number[] }[] {
  const groups = new Map<string, { columns: string[]; rows: Row[]; at: number[] }>();
  rows.forEach((row, i) => {
    const columns = Object.keys(row).filter((c) => row[c] !== undefined).sort();
    const key = columns.join(',');
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { columns: columns.map(identifier), rows: [], at: [] }));
    group.rows.push(Object.fromEntries(columns.map((c) => [c, jsonValue(row[c])])));
    group.at.push(i);
  });
  return [...groups.values()];
}

/**
 * `INSERT INTO table (columns) SELECT ...` of the rows in the JSON array `$1`, in array order,
 * each read as the table's row type; `stamp` columns are set to the transaction's time. A
 * caller may follow it with `RETURNING` or embed it in a larger statement.
 */
export function insertSelect(table: string, columns: string[], stamp: string[] = []): string {
  const names = [...columns, ...stamp].map(identifier);
  const values = [...columns.map((c) => `r.${c}`), ...stamp.map(() => 'now()')];
  return `INSERT INTO ${identifier(table)} (${names.join(', ')})
       SELECT ${values.join(', ')} FROM ROWS FROM (jsonb_populate_recordset(NULL::${table}, $1::jsonb)) WITH ORDINALITY AS r
       ORDER BY r.ordinality`;
}

/** Options of a write by set. */
export interface SetOptions {
  /** Columns set to the transaction's time on every row written (Prisma's `@updatedAt`). */
  stamp?: string[];
}

/** The `stamp` columns a group of rows does not carry itself: those set to the transaction's time. */
const stampsFor = (options: SetOptions, columns: string[]) => (options.stamp ?? []).map(identifier).filter((c) => !columns.includes(c));

/**
 * Inserts `rows` into `table` and answers, for each row in the order of `rows`, its `id` and
 * the `key` columns, which must tell the rows of the batch apart (a code within its parent):
 * they pair each written row with its entry whatever order the database returns them in.
 */
export async function insertRows<T extends Row = Row>(db: Tx, table: string, rows: Row[], key: string[], options: SetOptions = {}): Promise<(T & { id: number })[]> {
  const out: (T & { id: number })[] = new Array(rows.length);
  const keyOf = (row: Row) => JSON.stringify(key.map((c) => row[c]));
  for (const group of shapes(rows)) {
    const stamp = stampsFor(options, group.columns);
    const answered = await db.$queryRawUnsafe<(T & { id: number })[]>(
      `${insertSelect(table, group.columns, stamp)}
       RETURNING ${['id', ...key.map(identifier)].join(', ')}`,
      JSON.stringify(group.rows),
    );
    const byKey = new Map(answered.map((row) => [keyOf(row), row]));
    group.at.forEach((index, j) => {
      const written = byKey.get(keyOf(group.rows[j]));
      if (!written) throw new Error(`${table}: a written row was not answered by its key ${key.join(', ')}`);
      out[index] = written;
    });
  }
  return out;
}

/** Inserts `rows` into `table`, one statement per shape, answering nothing (link rows, codes of a parent). */
export async function insertAll(db: Tx, table: string, rows: Row[], options: SetOptions = {}): Promise<void> {
  for (const group of shapes(rows)) {
    const stamp = stampsFor(options, group.columns);
    await db.$executeRawUnsafe(insertSelect(table, group.columns, stamp), JSON.stringify(group.rows));
  }
}

/**
 * Inserts `rows` into `table` and answers their ids in the order of `rows`, for rows with no
 * key of their own to pair them by (the nodes of a shipment tree). Each row's id is drawn from
 * the table's sequence inside the statement that writes it and answered beside the row's place
 * in the JSON array, so the pairing is exact whatever order the rows are written or returned in.
 */
export async function insertRowsInOrder(db: Tx, table: string, rows: Row[], options: SetOptions = {}): Promise<number[]> {
  const ids: number[] = new Array(rows.length);
  for (const group of shapes(rows)) {
    if (group.columns.includes('id')) throw new Error(`${table}: a row to insert carries its id`);
    const stamp = stampsFor(options, group.columns);
    const names = ['id', ...group.columns, ...stamp];
    const values = ['r.id', ...group.columns.map((c) => `r.${c}`), ...stamp.map(() => 'now()')];
    const answered = await db.$queryRawUnsafe<{ at: number; id: number }[]>(
      `WITH r AS MATERIALIZED (
         SELECT r.ordinality::int AS at, nextval((SELECT pg_get_serial_sequence('${identifier(table)}', 'id'))::regclass)::int AS id,
                ${group.columns.map((c) => `r.${c}`).join(', ')}
         FROM ROWS FROM (jsonb_populate_recordset(NULL::${table}, $1::jsonb)) WITH ORDINALITY AS r),
       written AS (INSERT INTO ${table} (${names.join(', ')}) SELECT ${values.join(', ')} FROM r ORDER BY r.at)
       SELECT at, id FROM r`,
      JSON.stringify(group.rows),
    );
    if (answered.length !== group.rows.length) throw new Error(`${table}: ${group.rows.length} rows sent, ${answered.length} answered`);
    for (const { at, id } of answered) ids[group.at[at - 1]] = id;
  }
  return ids;
}

/** Options of an update by set. */
export interface UpdateOptions extends SetOptions {
  /**
   * Columns, besides `company_id` and `id`, that a stored row must already hold to be changed:
   * a child's parent key, so an update only ever changes children of the parent each row
   * names. Validation has checked that already (graph/database/nested.ts, checkChildIds); a row
   * that still matches nothing is a bug, and throws rather than being dropped.
   */
  match?: string[];
}

/**
 * Updates the rows of `table` named by each row's `company_id` and `id` (and `match` columns),
 * setting the other columns each row carries (and the `stamp` columns to the transaction's time).
 */
export async function updateRows(db: Tx, table: string, rows: Row[], options: UpdateOptions = {}): Promise<void> {
  const match = (options.match ?? []).map(identifier);
  for (const group of shapes(rows)) {
    const keys = ['company_id', 'id', ...match];
    const set = [
      ...group.columns.filter((c) => !keys.includes(c)).map((c) => `${c} = r.${c}`),
      ...stampsFor(options, group.columns).map((c) => `${c} = now()`),
    ];
    if (!set.length) continue;
    const changed = await db.$executeRawUnsafe(
      `UPDATE ${identifier(table)} AS t SET ${set.join(', ')}
       FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) AS r
       WHERE ${keys.map((c) => `t.${c} = r.${c}`).join(' AND ')}`,
      JSON.stringify(group.rows),
    );
    if (match.length && changed !== group.rows.length) throw new Error(`${table}: ${group.rows.length - changed} row(s) sent by id are not children of the parent they name`);
  }
}
