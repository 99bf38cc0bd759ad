// The floor of the process page for `npm run bench` (scripts/bench-peers.ts, the raw pg peer):
// `GET /api/operations/{id}/processes?limit=` answered by ONE SQL statement in which PostgreSQL
// builds the whole answer's JSON: every field the app's route answers (rest/operations.graphql,
// ProcessesList and its fragments), `total_count` and `next_cursor` of the default sort (id
// ascending; the count capped as the app caps it, graph/database/count.ts).
// The rows' JSON is the expression the app's compiler writes for that selection
// (graph/assembled/compile.ts, docs/decisions/019-assembled-pages.md), without the marker its
// reads carry: the process tree is some 65 object types, and a second copy of their SQL written
// by hand would be the same SQL. So this floor says what the app adds around PostgreSQL's work
// (keys, count, GraphQL execution, the REST answer, HTTP), not how good that SQL is; the order
// page's floor (bench-floor-orders.ts) is written by hand. The bench checks that the answer
// equals the app's (parsed, deep-equal) before measuring.
import { rowJsonSql } from '../graph/assembled/compile.ts';
import { dataInfo, routeDocument } from '../tests/setup/route-documents.ts';
import { cursorText, listAnswer } from './bench-floor-sql.ts';

/** The process page: $1 company, $2 operation, $3 limit; one row, `body` the answer's text. */
export function processPageSql(): string {
  const json = rowJsonSql(dataInfo(routeDocument('ProcessesList')), 't0', [], false);
  if (!json) throw new Error('ProcessesList: its selection is not assembled (graph/*/assembled.ts)');
  const live = 'p.company_id = $1 AND p.operation_id = $2 AND p.deleted_at IS NULL';
  return `
  WITH ${[...json.with, `keys AS (SELECT p.id FROM processes p WHERE ${live} ORDER BY p.id LIMIT $3 + 1)`].join(',\n  ')},
  page AS (SELECT ${json.row} AS j, t0.id FROM (SELECT id FROM keys ORDER BY id LIMIT $3) k JOIN processes t0 ON t0.company_id = $1 AND t0.id = k.id)
  ${listAnswer("coalesce((SELECT json_agg(j ORDER BY id) FROM page), '[]')", `SELECT 1 FROM processes p WHERE ${live}`, cursorText('keys'))}`;
}
