// SQL pieces shared by the bench's floors (scripts/bench-floor-orders.ts, bench-floor-processes.ts):
// PostgreSQL writing the app's values as the app writes them.
import { isoText } from '../graph/assembled/shapes.ts';
import { COUNT_CAP } from '../graph/database/count.ts';

/** A timestamp as the DateTime scalar writes it (graph/scalars.ts): the app's own expression (graph/assembled/shapes.ts). */
export const iso = isoText;

/** A to-one relation: the JSON of the one row a subquery selects, or null. */
export const one = (select: string) => `(${select})`;

/** A to-many relation: the json_agg of a subquery, `[]` when it finds none. */
export const list = (select: string) => `coalesce((${select}), '[]'::json)`;

/**
 * `next_cursor` of a page sorted by id ascending, as graph/schema-helpers/connection.ts encodes it
 * (base64url of `{"sort":"id:al","values":[id]}`): of the page's last row when the `keys` CTE
 * (limit + 1 ids) found one more row than the page holds, else null.
 */
export const cursorText = (keys: string) => `CASE WHEN (SELECT count(*) FROM ${keys}) > $3 THEN
    translate(rtrim(replace(encode(convert_to('{"sort":"id:al","values":[' || (SELECT id FROM ${keys} ORDER BY id OFFSET $3 - 1 LIMIT 1) || ']}', 'UTF8'), 'base64'), E'\\n', ''), '='), '+/', '-_')
  END`;

/**
 * The list answer's text as the app gives it (rest/reply.ts): `data` (the page's JSON array),
 * `total_count` counted as the app counts (graph/database/count.ts: at most COUNT_CAP + 1 rows
 * of `matching`, a `SELECT 1 FROM ... WHERE ...`; beyond the cap COUNT_CAP with
 * `total_count_exact: false`), and `next_cursor`.
 */
export const listAnswer = (data: string, matching: string, cursor: string) => `
  SELECT (CASE WHEN n.found > ${COUNT_CAP}
    THEN json_build_object('data', d.data, 'total_count', ${COUNT_CAP}, 'total_count_exact', false, 'next_cursor', c.cursor)
    ELSE json_build_object('data', d.data, 'total_count', n.found, 'next_cursor', c.cursor) END)::text AS body
  FROM (SELECT ${data} AS data) d,
    (SELECT count(*)::int AS found FROM (${matching} LIMIT ${COUNT_CAP + 1}) m) n,
    (SELECT ${cursor} AS cursor) c`;
