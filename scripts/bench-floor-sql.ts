// SQL pieces shared by the bench's floors (scripts/bench-floor-orders.ts, bench-floor-processes.ts):
// PostgreSQL writing the app's values as the app writes them.

/** A timestamp as the DateTime scalar writes it (graph/scalars.ts): ISO 8601 UTC, no ".000". */
export const iso = (column: string) =>
  `CASE WHEN ${column} IS NULL THEN NULL WHEN date_trunc('second', ${column}) = ${column}
    THEN to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    ELSE to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END`;

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
