// Aggregates (docs/graphql-aggregates.md): counts and measures of a list's rows grouped by at
// most AGGREGATE.maxDimensions dimensions, in one SQL statement. The dimensions and measures
// are fixed tables of SQL expressions; what the client sends only picks entries of them, and
// every value it sends reaches the statement as a parameter.
import { Prisma } from '../../prisma/generated/client/client.ts';
import { BadInputError, FieldErrors, fieldMessages, formatFieldMessage } from '../errors.ts';

export const AGGREGATE = {
  /** Dimensions one aggregate groups by. */
  maxDimensions: 2,
  /** Groups one aggregate answers; more are cut and `truncated` says so. */
  maxGroups: 1_000,
  /** Groups answered when the client does not say. */
  defaultGroups: 100,
} as const;

/** One dimension: the SQL expression of its value and the name of its field in the group's key. */
export interface Dimension {
  /** A constant of the module that declares it; never input. */
  sql: string;
  /** The name of the field of the group's key. */
  key: string;
}

/** The groups' limit and dimensions a client sent, checked: a 400 on the field at fault before any work. */
export function checkedGrouping(groupBy: readonly string[] | null | undefined, limit: number | null | undefined): { groupBy: string[]; limit: number } {
  const errors = new FieldErrors();
  const dims = groupBy ?? [];
  if (dims.length > AGGREGATE.maxDimensions) errors.add('group_by', formatFieldMessage('tooMany', AGGREGATE.maxDimensions));
  else if (new Set(dims).size !== dims.length) errors.add('group_by', fieldMessages.invalid);
  const size = limit ?? AGGREGATE.defaultGroups;
  if (!Number.isInteger(size) || size < 1 || size > AGGREGATE.maxGroups) errors.add('limit', fieldMessages.outOfRange);
  errors.throwIfAny(BadInputError);
  return { groupBy: [...dims], limit: size };
}

/** What one aggregate statement is made of; every piece is a fixed SQL text or a parameterised fragment. */
export interface GroupedQuery {
  /** The rows grouped: `FROM ... JOIN ...` (fixed text of the declaring module). */
  from: Prisma.Sql;
  /** The rows' filter, company first (docs/decisions/002). */
  where: Prisma.Sql;
  /** The chosen dimensions, from the declaring module's table. */
  dimensions: readonly Dimension[];
  /** Measures by output column: fixed aggregate expressions (`count(*)`, `min(s.eta)` ...). */
  measures: Record<string, string>;
  /** Groups to answer; one more is read to know whether more exist. */
  limit: number;
  /**
   * A condition that must hold for the answer to exist (e.g. the operation is the company's), checked in the
   * same statement: the first row's `found` says whether it held.
   */
  exists: Prisma.Sql;
}

/** A group as read: its dimension values by key name, then its measures. */
export type GroupRow = Record<string, unknown>;

/**
 * The one statement of an aggregate: the groups, biggest first (then by key, nulls last) so a
 * cut keeps the largest ones, `limit + 1` of them, and whether `exists` held. Always answers one
 * row at least (`found`), with null measures when no row matches.
 */
export function groupedStatement(q: GroupedQuery): Prisma.Sql {
  const keys = q.dimensions.map((d) => Prisma.raw(`${d.sql} AS "${d.key}"`));
  const measures = Object.entries(q.measures).map(([name, sql]) => Prisma.raw(`${sql} AS "${name}"`));
  const groupBy = q.dimensions.length ? Prisma.sql`GROUP BY ${Prisma.join(q.dimensions.map((_, i) => Prisma.raw(String(i + 1))))}` : Prisma.empty;
  const order = [Prisma.raw('"count" DESC'), ...q.dimensions.map((d) => Prisma.raw(`"${d.key}" NULLS LAST`))];
  // Without a dimension the one group exists only when some row matches (count > 0).
  const having = q.dimensions.length ? Prisma.empty : Prisma.sql`HAVING count(*) > 0`;
  return Prisma.sql`
    WITH g AS (
      SELECT ${Prisma.join([...keys, ...measures])}
      ${q.from}
      WHERE ${q.where}
      ${groupBy} ${having}
      ORDER BY ${Prisma.join(order)}
      LIMIT ${q.limit + 1})
    SELECT (${q.exists}) AS found, g.* FROM (SELECT 1) AS one LEFT JOIN g ON true`;
}

/** The groups of the statement's rows and whether more existed than the limit (null when `exists` failed). */
export function groupsOf(rows: GroupRow[], q: Pick<GroupedQuery, 'limit'>): { groups: GroupRow[]; truncated: boolean } | null {
  if (!rows.length || !rows[0].found) return null;
  const groups = rows.filter((r) => r.count != null).map(({ found: _found, ...rest }) => ({ ...rest, count: Number(rest.count) }));
  return { groups: groups.slice(0, q.limit), truncated: groups.length > q.limit };
}

/** Conditions joined by AND (none: true). */
export const allOf = (conditions: readonly Prisma.Sql[]): Prisma.Sql => (conditions.length ? Prisma.join(conditions, ' AND ') : Prisma.sql`true`);
