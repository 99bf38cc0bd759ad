// SQL pieces shared by the bench's floors (scripts/bench-floor-orders.ts):
// PostgreSQL writing the app's values as the app writes them.
import { isoText } from '../graph/assembled/shapes.ts';

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
