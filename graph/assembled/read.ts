// Reading an assembled page (docs/decisions/019-assembled-pages.md): the rows of a page's keys,
// each with its whole tree, in one statement whose JSON PostgreSQL writes.
import type { AssembledPage } from '../schema-helpers/connection.ts';
import { prisma } from '../db.ts';
import { rowJsonSql } from './compile.ts';

/**
 * The page of a list or connection over company table `table` (graph/schema-helpers/list.ts,
 * `assembled`): the rows of its keys (ids of the company's rows), one for each key in the keys'
 * order (null for a key whose row is gone), as the selection at `info` (or at `path` below it)
 * answers them; undefined when the selection cannot be assembled. `query` is the Prisma
 * plugin's plan of the same selection, left unused here.
 */
export const assembledPage = (table: string): AssembledPage => async (info, companyId, keys, query, path) => {
  const json = rowJsonSql(info, 't0', path);
  if (!json) return undefined;
  // The plugin checks outside production that a list resolver used the query it planned (graph/builder.ts, onUnusedQuery).
  void Object.values(query).length;
  if (!keys.length) return [];
  const [{ page }] = await prisma().$queryRawUnsafe<{ page: string }[]>(
    `${json.with.length ? `WITH ${json.with.join(', ')} ` : ''}SELECT json_agg(CASE WHEN t0.id IS NULL THEN NULL ELSE ${json.row} END ORDER BY k.n)::text AS page
       FROM unnest($2::int[]) WITH ORDINALITY AS k(id, n) LEFT JOIN ${table} t0 ON t0.company_id = $1 AND t0.id = k.id`,
    companyId,
    keys,
  );
  return JSON.parse(page) as (Record<string, unknown> | null)[];
};
