// Many rows written in one statement with one parameter: the rows as a JSON array, read back
// into columns by the database in their order. Binding a parameter per column and row (as
// Prisma's createMany does) costs more than the insert itself for wide rows such as event
// payloads (docs/benchmarks.md, "Events and webhooks").

/** `INSERT INTO table (columns) SELECT ...` of the rows in the JSON array `$1`, in array order; `columns` maps each column to its SQL type. */
export function insertJsonRows(table: string, columns: Record<string, string>): string {
  const names = Object.keys(columns);
  const typed = names.map((c) => `${c} ${columns[c]}`).join(', ');
  return `INSERT INTO ${table} (${names.join(', ')})
    SELECT ${names.join(', ')}
    FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (${typed})) WITH ORDINALITY AS x(${names.join(', ')}, n)
    ORDER BY n`;
}
