// Reading an assembled page (docs/decisions/019-assembled-pages.md): the rows of a page's keys,
// each with its whole tree, in one statement whose JSON PostgreSQL writes; and one record found
// by its key the same way.
import type { GraphQLResolveInfo } from 'graphql';
import type { AssembledPage, OnePageSpec } from '../schema-helpers/connection.ts';
import { prisma } from '../db.ts';
import { rowJsonSql, type RowJson } from './compile.ts';
import { onePageRead } from './list-page.ts';

/**
 * The row's JSON for the selection at `info`, or undefined. The Prisma
 * plugin checks outside production that a resolver used the query it planned (graph/builder.ts,
 * onUnusedQuery): the assembled read stands in for it, so it is marked used here.
 */
function planned(info: GraphQLResolveInfo, query: object): RowJson | undefined {
  const json = rowJsonSql(info, 't0');
  if (json) void Object.values(query).length;
  return json;
}

/** The statement's `WITH` of its lookup maps, or nothing. */
const withLookups = (json: RowJson): string => (json.with.length ? `WITH ${json.with.join(', ')} ` : '');

/**
 * The page of a list or connection over company table `table` (graph/schema-helpers/list.ts,
 * `assembled`): the rows of its keys (ids of the company's rows), one for each key in the keys'
 * order (null for a key whose row is gone), as the selection at `info` (or at `path` below it)
 * answers them; undefined when the selection cannot be assembled.
 */
export const assembledPage = (table: string): AssembledPage => Object.assign(async (...[info, companyId, keys, path]: Parameters<AssembledPage>) => {
  const json = rowJsonSql(info, 't0', path);
  if (!json) return undefined;
  if (!keys.length) return [];
  const [{ page }] = await prisma().$queryRawUnsafe<{ page: string }[]>(
    `${withLookups(json)}SELECT json_agg(CASE WHEN t0.id IS NULL THEN NULL ELSE ${json.row} END ORDER BY k.n)::text AS page
       FROM unnest($2::int[]) WITH ORDINALITY AS k(id, n) LEFT JOIN ${table} t0 ON t0.company_id = $1 AND t0.id = k.id`,
    companyId,
    keys,
  );
  return JSON.parse(page) as (Record<string, unknown> | null)[];
}, { onePage: (spec: OnePageSpec) => onePageRead(table, spec) });

/** Column values a record is found by: equal to each value, `IS NULL` for null (columns named by the code, never by a caller). */
export type RecordWhere = Record<string, string | number | null>;

/**
 * One record of company table `table` found by `where` (a live order, product or process by id
 * or by its key), as the selection at `info` answers it, null when there is none; when the
 * selection cannot be assembled, what `fieldByField` reads instead (the Prisma plugin's plan
 * `query`, left unused here otherwise).
 */
export const assembledRecord =
  (table: string) =>
  async <T>(info: GraphQLResolveInfo, companyId: number, where: RecordWhere, query: object, fieldByField: () => Promise<T | null>): Promise<T | null> => {
    const json = planned(info, query);
    if (!json) return fieldByField();
    const values: unknown[] = [companyId];
    const conditions = Object.entries(where).map(([column, value]) => {
      if (!/^[a-z_]+$/.test(column)) throw new Error(`${column}: not a column name`);
      if (value === null) return `t0.${column} IS NULL`;
      values.push(value);
      return `t0.${column} = $${values.length}`;
    });
    const rows = await prisma().$queryRawUnsafe<{ record: string }[]>(
      `${withLookups(json)}SELECT (${json.row})::text AS record FROM ${table} t0 WHERE t0.company_id = $1 AND ${conditions.join(' AND ')} LIMIT 1`,
      ...values,
    );
    // The assembled object answers the same fields as the record the plan would read (graph/assembled/resolvers.ts).
    return rows.length ? (JSON.parse(rows[0].record) as T) : null;
  };
