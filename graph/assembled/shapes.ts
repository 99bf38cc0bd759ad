// Pages assembled by PostgreSQL (docs/decisions/019-assembled-pages.md): the SQL of each object
// type a list page can be read as, one JSON statement for the whole page. A type names the table
// its rows come from; each of its fields says how PostgreSQL writes that field's value from a row
// (aliased `row` in the expressions below): a column, a computed value, or an object or list of
// objects of another assembled type. A selection that reaches a field not declared here is read
// as before, by the Prisma plugin, field by field.
import type { Fields } from '../schema-helpers/fields.ts';

/** How PostgreSQL writes one field of a row aliased `row`. */
export type SqlField =
  /** A value of the row: a column or an expression over it, written as the field's scalar answers it. */
  | { value: (row: string) => string }
  /** The object of another type over the same row (a variant such as the handler map); null where `when` (over the row) does not hold. */
  | { same: string; when?: (row: string) => string }
  /** The one row of type `one` (null when there is none), found by `where` over its alias `child`. */
  | { one: string; where: (child: string, row: string) => string }
  /**
   * The object of reference data type `lookup` whose key column holds `key` (null when none
   * does): the whole table is read once per statement into a map by key, so each row's lookup
   * costs no scan (countries and currencies by code).
   */
  | { lookup: string; key: (row: string) => string }
  /** The rows of type `many`, `[]` when there are none, in `orderBy`'s order. */
  | { many: string; where: (child: string, row: string) => string; orderBy: (child: string) => string };

/** An object type a page can be assembled as. */
export interface SqlType {
  /** The table of its rows, for `one`, `many` and `lookup` fields that name it. */
  table: string;
  /** The key column `lookup` fields find its rows by (reference data). */
  key?: string;
  fields: Record<string, SqlField>;
}

const types = new Map<string, SqlType>();

/** Declares the SQL of a GraphQL object type (by its name, a variant's included). */
export function assembled(typeName: string, type: SqlType): void {
  if (types.has(typeName)) throw new Error(`${typeName}: assembled twice`);
  types.set(typeName, type);
}

/** The SQL of a type, if it has been declared. */
export const assembledType = (typeName: string): SqlType | undefined => types.get(typeName);

/** Every type declared, by name (the schema wraps their resolvers, graph/assembled/resolvers.ts). */
export const assembledTypes = (): ReadonlyMap<string, SqlType> => types;

/**
 * A timestamp as the DateTime scalar writes it (graph/scalars.ts, `formatDateTime`): ISO 8601
 * in UTC, whole seconds without a fraction, else milliseconds.
 */
export const isoText = (column: string): string =>
  `CASE WHEN ${column} IS NULL THEN NULL WHEN date_trunc('second', ${column}) = ${column} ` +
  `THEN to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') ` +
  `ELSE to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END`;

/** The condition of a `one` field: the row of the same company whose id the row holds in `key`. */
export const byKey = (key: string) => (child: string, row: string) => `${child}.company_id = ${row}.company_id AND ${child}.id = ${row}.${key}`;

/** The condition of a child field: the rows of the same company that name the row in their `parentKey`. */
export const ofParent = (parentKey: string) => (child: string, row: string) => `${child}.company_id = ${row}.company_id AND ${child}.${parentKey} = ${row}.id`;

/** The rows of type `many` of the same company that name the row in their `parentKey` (and meet `also`, over their alias), in id order. */
export const childrenOf = (many: string, parentKey: string, also?: (child: string) => string): SqlField => ({
  many,
  where: (child, row) => `${ofParent(parentKey)(child, row)}${also ? ` AND ${also(child)}` : ''}`,
  orderBy: (child) => `${child}.id`,
});

/** The condition of a `one` field: the row of reference data (global, no company) whose id the row holds in `key`. */
export const byGlobalKey = (key: string) => (child: string, row: string) => `${child}.id = ${row}.${key}`;

/** A list of ids the row's links in `table` hold in `column` (naming the row in `parentKey`), ascending, `[]` when none. */
export const linkedIds = (table: string, column: string, parentKey: string): SqlField => ({
  value: (row) => `coalesce((SELECT json_agg(link.${column} ORDER BY link.${column}) FROM ${table} link WHERE link.company_id = ${row}.company_id AND link.${parentKey} = ${row}.id), '[]'::json)`,
});

/** A column answered as it is stored (text, numbers, booleans, enums, JSON, arrays). */
export const column = (name: string): SqlField => ({ value: (row) => `${row}.${name}` });

/** A timestamp column, written as the DateTime scalar writes it. */
export const datetime = (name: string): SqlField => ({ value: (row) => isoText(`${row}.${name}`) });

/** Columns answered as they are stored, by name. */
export const columns = (...names: string[]): Record<string, SqlField> => Object.fromEntries(names.map((n) => [n, column(n)]));

/** Timestamp columns, by name. */
export const datetimes = (...names: string[]): Record<string, SqlField> => Object.fromEntries(names.map((n) => [n, datetime(n)]));

/** The type of reference data each reference kind reads by code. */
const referenceTypes = { country: 'Country', currency: 'Currency' } as const;

/**
 * The SQL of catalogue fields (graph/schema-helpers/fields.ts): each kind as its object field
 * answers it; a reference is the Country or Currency of its `<name>_code` column; a list left
 * null is empty.
 */
export function catalogueSql(fields: Fields): Record<string, SqlField> {
  const out: Record<string, SqlField> = {};
  for (const [name, def] of Object.entries(fields)) {
    const k = def.kind;
    if (typeof k === 'object' && 'reference' in k) out[name] = { lookup: referenceTypes[k.reference], key: (row) => `${row}.${name}_code` };
    else if (k === 'datetime') out[name] = datetime(name);
    // A list column left null reads as an empty list, as the Prisma client reads it.
    else if (k === 'intList' || k === 'textList' || (typeof k === 'object' && k.list)) out[name] = { value: (row) => `coalesce(${row}.${name}, '{}')` };
    else out[name] = column(name);
  }
  return out;
}
