// A list page in one statement (docs/decisions/019-assembled-pages.md, "One statement"): the keys
// of the page (filtered, sorted and limited alone, so an index serves them), the rows of those
// keys with their whole trees as PostgreSQL writes them, and the capped count of the list, read
// together. One statement sees one state by itself, so the read needs no snapshot transaction
// (graph/yoga.ts). A filter, sort or selection it cannot write gives no statement: the page is
// read as before, keys, count and rows each by their own statement on one snapshot.
import { prisma } from '../db.ts';
import { cappedOf, COUNT_CAP, isCountedWhole } from '../database/count.ts';
import { fieldOf } from '../database/data-model.ts';
import { NotWritten, Parameters, whereSql } from '../database/where-sql.ts';
import { keysetSlice, type OnePage, type OnePageSpec, type SortKey } from '../schema-helpers/connection.ts';
import { lookahead } from '../schema-helpers/pagination/page.ts';
import { rowJsonSql } from './compile.ts';

/**
 * A sort key's value as a cursor holds it (graph/schema-helpers/connection.ts, `cursorValues`),
 * from the column's value `value`: a date as `Date.toISOString` writes it (the columns keep
 * milliseconds); text, whole numbers, booleans and enums as they are. Other types are not written.
 */
function cursorValueSql(model: string, key: SortKey, value: string): string {
  const field = fieldOf(model, key.field);
  if (!field || field.kind === 'object' || field.isList) throw new NotWritten();
  if (field.type === 'DateTime') return `to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (field.kind === 'enum' || field.type === 'String' || field.type === 'Int' || field.type === 'Boolean') return value;
  throw new NotWritten();
}

/** The ORDER BY of the sort keys, each key's value named by `value` (nulls placed where the keyset pages expect them). */
const orderSql = (keys: SortKey[], value: (k: SortKey, i: number) => string): string =>
  keys.map((k, i) => `${value(k, i)} ${k.desc ? 'DESC' : 'ASC'}${k.nullable ? (k.nullsFirst ? ' NULLS FIRST' : ' NULLS LAST') : ''}`).join(', ');

/**
 * The reader of a page of company table `table` in one statement, or undefined when it cannot be written (the selection
 * of `data`, a filter or a sort key); the statement runs at the reader's first call.
 */
export function onePageRead(table: string, spec: OnePageSpec): (() => Promise<OnePage>) | undefined {
  const json = rowJsonSql(spec.info, 't0', ['data']);
  if (!json) return undefined;
  const { keyset: set } = spec;
  const p = new Parameters();
  let sql: string;
  try {
    // The list's filter, counted; the keys also after the cursor (the same filter, once, with its values).
    const listed = whereSql(set.model, set.where, 't', p);
    const where = set.after ? `(${listed}) AND (${whereSql(set.model, set.after, 't', p)})` : listed;
    // The keys: a bounded sort (top-N) or an index range of the table, with their sort values;
    // then numbered in the same order, among themselves (a window over the table would sort it whole).
    const sortValues = set.keys.map((k, i) => `, t.${k.field} AS o${i}`).join('');
    const keys =
      `keys AS MATERIALIZED (SELECT t.${set.key} AS k${sortValues} FROM ${table} t WHERE ${where} ` +
      `ORDER BY ${orderSql(set.keys, (k) => `t.${k.field}`)} LIMIT ${p.add(lookahead(spec.size))} OFFSET ${p.add(spec.skip)})`;
    const numbered = `numbered AS (SELECT keys.*, row_number() OVER (ORDER BY ${orderSql(set.keys, (_, i) => `o${i}`)}) AS n FROM keys)`;
    const keyValues = `json_build_array(k${set.keys.map((k, i) => `, ${cursorValueSql(set.model, k, `o${i}`)}`).join('')})`;
    const page =
      `SELECT json_agg(${json.row} ORDER BY numbered.n) FROM numbered JOIN ${table} t0 ON t0.company_id = ${p.add(spec.companyId)} AND t0.${set.key} = numbered.k ` +
      `WHERE numbered.n <= ${p.add(spec.size)}`;
    const cap = isCountedWhole(set.model) ? '' : ` ORDER BY t.company_id, t.${set.key} LIMIT ${COUNT_CAP + 1}`;
    const count = `SELECT count(*)::int FROM (SELECT 1 FROM ${table} t WHERE ${listed}${cap}) matching`;
    sql =
      `WITH ${[...json.with, keys, numbered].join(', ')} ` +
      `SELECT (SELECT json_agg(${keyValues} ORDER BY n) FROM numbered)::text AS keys, (${page})::text AS page${spec.counted ? `, (${count}) AS count` : ''}`;
  } catch (e) {
    if (e instanceof NotWritten) return undefined;
    throw e;
  }
  return async () => {
    const [found] = await prisma().$queryRawUnsafe<{ keys: string | null; page: string | null; count?: number }[]>(sql, ...p.values);
    const keyRows = (JSON.parse(found.keys ?? '[]') as unknown[][]).map((values) =>
      Object.fromEntries([[set.key, values[0]], ...set.keys.map((k, i) => [k.field, values[i + 1]])]),
    );
    const rows = JSON.parse(found.page ?? '[]') as Record<string, unknown>[];
    return { keys: keysetSlice(set, keyRows, spec.size), rows, ...(found.count === undefined ? {} : { count: cappedOf(set.model, found.count) }) };
  };
}
