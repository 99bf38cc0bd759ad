// Sort keys on a column of a to-one relation (graph/schema-helpers/list.ts, `sortPaths`; docs/index.md,
// "Pagination and sorting"): the Prisma filters, selections and values of a key named
// `relation.column`, for the keyset pages of graph/schema-helpers/connection.ts.

/**
 * A sort key on a column of a to-one relation is named `relation.column` (graph/schema-helpers/list.ts,
 * `sortPaths`); its Prisma `orderBy` entry is `{ relation: { column: how } }`. A row without the
 * related row sorts, compares and pages as if the column were null.
 */
export const pathOf = (field: string) => field.split('.') as [string] | [string, string];

/** A Prisma filter putting `condition` on `field`, through its relation when it has one. */
export function on(field: string, condition: unknown): object {
  const [head, column] = pathOf(field);
  if (column === undefined) return { [head]: condition };
  return condition === null ? { OR: [{ [head]: { is: null } }, { [head]: { is: { [column]: null } } }] } : { [head]: { is: { [column]: condition } } };
}

/** The value of `field` in a row read with `selectOf` (null when the related row is missing). */
export function valueAt(row: Record<string, unknown>, field: string): unknown {
  const [head, column] = pathOf(field);
  if (column === undefined) return row[head];
  return (row[head] as Record<string, unknown> | null | undefined)?.[column] ?? null;
}

/** The Prisma `select` of the given fields, relation columns nested. */
export function selectOf(fields: string[]): Record<string, unknown> {
  const select: Record<string, unknown> = {};
  for (const [head, column] of fields.map(pathOf)) {
    if (column === undefined) select[head] = true;
    else select[head] = { select: { ...((select[head] as { select?: object } | undefined)?.select ?? {}), [column]: true } };
  }
  return select;
}

/** The field (`relation.column` for a relation's column) and direction of one Prisma `orderBy` entry. */
export function sortEntry(entry: Record<string, unknown>): [string, unknown] {
  const [head, how] = Object.entries(entry)[0];
  if (typeof how !== 'object' || how === null || 'sort' in how) return [head, how];
  const [column, inner] = Object.entries(how)[0];
  return [`${head}.${column}`, inner];
}
