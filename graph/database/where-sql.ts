// A list's Prisma filter written as SQL (docs/decisions/019-assembled-pages.md, "One statement"):
// the conditions the lists build (graph/schema-helpers/list.ts: company scope, live rows, filters,
// `search`, `ids`, the keyset of a cursor) over the columns of one table, with the meaning the
// Prisma client gives them. A filter on a relation, or an operator whose meaning is not exactly
// the same in SQL, is not written: the caller reads the page through Prisma instead.
import { fieldOf } from './data-model.ts';

/** Stops the writing: the filter is read through Prisma instead. */
export class NotWritten extends Error {}

/** The values a statement takes, each written as `$n` where it is used. */
export class Parameters {
  readonly values: unknown[] = [];
  /** The placeholder of `value` (a date as ISO 8601 text, which PostgreSQL reads as the column's type). */
  add(value: unknown): string {
    this.values.push(value instanceof Date ? value.toISOString() : value);
    return `$${this.values.length}`;
  }
}

type Condition = Record<string, unknown>;

const isPlain = (v: unknown): v is Condition => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** The scalar column `name` of `model` (a relation, a list or a JSON column is not written). */
function columnOf(model: string, name: string) {
  const field = fieldOf(model, name);
  if (!field || field.kind === 'object' || field.isList || field.type === 'Json' || field.type === 'Bytes') throw new NotWritten();
  return field;
}

/** The pattern of a text operator: the text is matched as the caller escaped it (graph/schema-helpers/list.ts, `likeLiteral`). */
const patterns: Record<string, (text: string) => string> = {
  contains: (t) => `%${t}%`,
  startsWith: (t) => `${t}%`,
  endsWith: (t) => `%${t}`,
};

/** A value of a column filter: a plain value (text, number, boolean, date); anything else is not written. */
function scalar(v: unknown): unknown {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  throw new NotWritten();
}

const comparisons: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

/** The conditions a column filter object puts on `col` (`{ equals, in, lt, contains, mode, not: null ... }`). */
function columnFilter(col: string, filter: Condition, p: Parameters): string[] {
  const insensitive = filter.mode === 'insensitive';
  if (filter.mode !== undefined && filter.mode !== 'insensitive' && filter.mode !== 'default') throw new NotWritten();
  const out: string[] = [];
  for (const [op, v] of Object.entries(filter)) {
    if (v === undefined || op === 'mode') continue;
    // Case-insensitive, Prisma compares lowered values: only the patterns are written (ILIKE).
    if (insensitive && !(op in patterns)) throw new NotWritten();
    if (op === 'equals') out.push(v === null ? `${col} IS NULL` : `${col} = ${p.add(scalar(v))}`);
    else if (op === 'in') {
      if (!Array.isArray(v)) throw new NotWritten();
      out.push(`${col} = ANY(${p.add(v.map(scalar))})`);
    } else if (op in comparisons) out.push(`${col} ${comparisons[op]} ${p.add(scalar(v))}`);
    else if (op in patterns) {
      if (typeof v !== 'string') throw new NotWritten();
      out.push(`${col} ${insensitive ? 'ILIKE' : 'LIKE'} ${p.add(patterns[op](v))}`);
    }
    // `not` is written for null only: against a value Prisma's meaning for nulls differs from `<>`.
    else if (op === 'not' && v === null) out.push(`${col} IS NOT NULL`);
    else throw new NotWritten();
  }
  return out;
}

/** Joins conditions with `AND` (none: true). */
const all = (conditions: string[]): string => (conditions.length === 0 ? 'TRUE' : conditions.length === 1 ? conditions[0] : conditions.map((c) => `(${c})`).join(' AND '));

/**
 * The SQL of Prisma filter `where` on the rows of `model` aliased `row`, its values added to `p`;
 * throws NotWritten for what it does not write.
 */
export function whereSql(model: string, where: unknown, row: string, p: Parameters): string {
  if (!isPlain(where)) throw new NotWritten();
  const conditions: string[] = [];
  const each = (v: unknown) => (Array.isArray(v) ? v : [v]);
  for (const [key, v] of Object.entries(where)) {
    if (v === undefined) continue;
    if (key === 'AND') conditions.push(all(each(v).map((w) => whereSql(model, w, row, p))));
    else if (key === 'OR') {
      if (!Array.isArray(v)) throw new NotWritten();
      conditions.push(v.length ? v.map((w) => `(${whereSql(model, w, row, p)})`).join(' OR ') : 'FALSE');
    } else if (key === 'NOT') conditions.push(all(each(v).map((w) => `NOT (${whereSql(model, w, row, p)})`)));
    else {
      const col = `${row}.${columnOf(model, key).name}`;
      if (v === null) conditions.push(`${col} IS NULL`);
      else if (isPlain(v)) conditions.push(...columnFilter(col, v, p));
      else conditions.push(`${col} = ${p.add(scalar(v))}`);
    }
  }
  return all(conditions);
}
