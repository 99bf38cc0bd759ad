// Cursor pagination of the lists (docs/graphql.md, "Cursor pagination"): each list `<field>`
// answers `next_cursor` and takes it back as `after`, and has a twin
// `<field>Connection(first, after, ...)` answering Relay-style `edges` (`cursor`, `node`),
// `pageInfo` and `totalCount`; both read their pages here (`readKeys`, `rowsOfKeys`). Pages
// are keyset pages: the cursor holds the sort values of its row, and the next page is the rows
// that sort after those values, so a sync that pages through a list while others write never
// skips or repeats a row that stays where it sorts (a row whose sort value changes moves, as it
// would in any sorted read).
import { queryFromInfo } from '@pothos/plugin-prisma';
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { Context } from '../context.ts';
import { enumOrder, modelsOf } from '../database/data-model.ts';
import { modelDelegate } from '../database/records.ts';
import { cappedCount, COUNT_CAP, type CappedCount } from '../database/count.ts';
import { pageSize } from './pagination/bounds.ts';
import { readAfter, sortedCursor, type CursorKind } from './pagination/cursor.ts';
import { connectionObjects } from './pagination/objects.ts';
import { connectionOf, emptyConnection, readSlice, sliceOf, type Connection, type Slice } from './pagination/page.ts';
import { on, selectOf, sortEntry, valueAt } from './sort-paths.ts';

/** One key of a sort: a column, its direction and where its nulls go. */
export interface SortKey {
  field: string;
  desc: boolean;
  nullsFirst: boolean;
  nullable: boolean;
  /** An enum column's values in their declared order, the order PostgreSQL sorts them in. */
  enumValues?: readonly string[];
}

/** The enum of each enum column of a model, by field name. */
const enumColumns = (model: string): Map<string, string> =>
  new Map(modelsOf()[model].fields.filter((f) => f.kind === 'enum').map((f) => [f.name, f.type]));

/** The sort keys of a Prisma `orderBy` list (graph/schema-helpers/list.ts, pageOf), with PostgreSQL's default null placement. */
export function sortKeys(orderBy: Record<string, unknown>[], nullable: ReadonlySet<string>, model?: string): SortKey[] {
  const enums = model ? enumColumns(model) : new Map<string, string>();
  return orderBy.map((entry) => {
    const [field, how] = sortEntry(entry);
    const sort = typeof how === 'string' ? how : (how as { sort: string }).sort;
    const nulls = typeof how === 'string' ? undefined : (how as { nulls?: string }).nulls;
    const desc = sort === 'desc';
    // PostgreSQL puts nulls last when ascending and first when descending, unless told.
    const enumName = enums.get(field);
    return { field, desc, nullsFirst: nulls ? nulls === 'first' : desc, nullable: nullable.has(field), ...(enumName ? { enumValues: enumOrder.get(enumName) ?? [] } : {}) };
  });
}

type CursorValue = string | number | boolean | null;

/** The rows after `values` in the order of `keys`: a Prisma filter (the keyset condition). */
export function afterWhere(keys: SortKey[], values: CursorValue[]): object {
  const equal = (k: SortKey, v: CursorValue) => on(k.field, v === null ? null : { equals: v });
  const beyond = (k: SortKey, v: CursorValue): object | null => {
    if (v === null) return k.nullsFirst ? { NOT: on(k.field, null) } : null;
    // An enum column takes no `gt`/`lt`: the values beyond are listed, in the enum's order.
    const order = k.enumValues;
    const at = order?.indexOf(String(v)) ?? -1;
    const compare = order
      ? on(k.field, { in: k.desc ? order.slice(0, at) : order.slice(at + 1) })
      : on(k.field, { [k.desc ? 'lt' : 'gt']: v });
    return k.nullable && !k.nullsFirst ? { OR: [compare, on(k.field, null)] } : compare;
  };
  const branches = keys.flatMap((k, i) => {
    const strict = beyond(k, values[i]);
    return strict ? [{ AND: [...keys.slice(0, i).map((p, j) => equal(p, values[j])), strict] }] : [];
  });
  return { OR: branches };
}

/** The model's column types (and its to-one relations' as `relation.column`), to check the values a cursor brings back. */
function columnTypes(model: string): Map<string, string> {
  const models = modelsOf();
  return new Map(
    models[model].fields.flatMap((f) => [
      [f.name, f.type] as const,
      ...(f.kind === 'object' && !f.isList ? models[f.type].fields.map((c) => [`${f.name}.${c.name}`, c.type] as const) : []),
    ]),
  );
}

/** Whether a cursor value fits its column (an enum's value is one of the enum's): anything else is a forged or stale cursor. */
function fits(type: string | undefined, v: unknown): boolean {
  if (v === null) return true;
  const values = type ? enumOrder.get(type) : undefined;
  if (values) return typeof v === 'string' && values.includes(v);
  switch (type) {
    case 'Int':
      return Number.isSafeInteger(v);
    case 'Float':
      return typeof v === 'number' && Number.isFinite(v);
    case 'Boolean':
      return typeof v === 'boolean';
    case 'DateTime':
      return typeof v === 'string' && !Number.isNaN(Date.parse(v));
    case 'Decimal':
      return typeof v === 'string' && /^-?\d{1,30}(\.\d{1,20})?$/.test(v);
    case 'String':
      return typeof v === 'string' && v.length <= 10_000;
    default:
      return false;
  }
}

const signature = (keys: SortKey[]) => keys.map((k) => `${k.field}:${k.desc ? 'd' : 'a'}${k.nullsFirst ? 'f' : 'l'}`).join(',');

/**
 * The cursors of a sort: its row's values of the sort keys (graph/schema-helpers/pagination/cursor.ts,
 * `sortedCursor`). A cursor of another sort, a value that does not fit its column, or a null on a
 * column that holds none is not one of them (a 400 on `after`).
 */
function keysetCursor(keys: SortKey[], model: string): CursorKind<CursorValue[]> {
  return sortedCursor(signature(keys), (values): values is CursorValue[] => {
    if (values.length !== keys.length) return false;
    const types = columnTypes(model);
    return keys.every((k, i) => fits(types.get(k.field), values[i]) && (k.nullable || values[i] !== null));
  });
}

/** A row's values of the sort keys, as its cursor holds them. */
const cursorValues = (keys: SortKey[], row: Record<string, unknown>): CursorValue[] =>
  keys.map((k) => {
    const v = valueAt(row, k.field);
    return v instanceof Date ? v.toISOString() : v === undefined || v === null ? null : typeof v === 'object' ? String(v) : (v as CursorValue);
  });

/** What the connection's root field hands its fields: the page, and what `totalCount` counts. */
interface ConnectionSource extends Connection<unknown> {
  where: object;
  model: string;
  /** The rows' count, read once for `totalCount` and `totalCountExact` alike. */
  count?: Promise<CappedCount>;
}

type Delegate = { findMany(args: object): Promise<Record<string, unknown>[]> };
const delegateOf = (model: string) => modelDelegate<Delegate>(model);

/** Declares `<Model>Connection` and `<Model>Edge`; answers the connection type. */
export function connectionType(model: string, what: string) {
  return connectionObjects<ConnectionSource>({
    name: model,
    node: model,
    description: `A page of ${what} read by cursor (docs/graphql.md, "Cursor pagination").`,
    edgeDescription: `One of the ${what} of a connection, with its cursor.`,
    edgesDescription: `The ${what} of this page, in order.`,
    fields: (t) => ({
      totalCount: t.int({
        description: `How many ${what} match, over all pages (counted only when asked for), up to ${COUNT_CAP.toLocaleString('en-US')}: beyond that it answers ${COUNT_CAP.toLocaleString('en-US')} and \`totalCountExact\` is false (docs/limits.md, "Counts").`,
        resolve: async (c) => (await (c.count ??= cappedCount(c.model, c.where))).count,
      }),
      totalCountExact: t.boolean({
        description: `Whether \`totalCount\` is the exact number of matching ${what}: false when more than ${COUNT_CAP.toLocaleString('en-US')} match.`,
        resolve: async (c) => (await (c.count ??= cappedCount(c.model, c.where))).exact,
      }),
    }),
  });
}

/** The names of the fields selected on the field `info` resolves, through fragments. */
export function selectedNames(info: GraphQLResolveInfo): Set<string> {
  const names = new Set<string>();
  const walk = (set: SelectionSetNode | undefined) => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) names.add(s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else walk(info.fragments[s.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) walk(node.selectionSet);
  return names;
}

/** Where a keyset page reads: the model, its unique key, the rows' filter and their sort. */
export interface KeysetSpec {
  model: string;
  key: string;
  where: object;
  orderBy: Record<string, unknown>[];
  nullable: ReadonlySet<string>;
}

/** A keyset read with its cursor decoded: `after` is the keyset condition (none on a first page). */
export interface Keyset extends KeysetSpec {
  keys: SortKey[];
  cursor: CursorKind<CursorValue[]>;
  after?: object;
}

/**
 * The keyset of one page: the sort keys and the condition of the cursor sent as `after`. A
 * cursor of another sort, or not one of ours, is a 400 on `after` before anything is read.
 */
export function keysetOf(spec: KeysetSpec, after: string | null | undefined): Keyset {
  const keys = sortKeys(spec.orderBy, spec.nullable, spec.model);
  const cursor = keysetCursor(keys, spec.model);
  const values = readAfter(cursor, after);
  return { ...spec, keys, cursor, ...(values !== null ? { after: afterWhere(keys, values) } : {}) };
}

/** The keys and sort values of a page's rows, whether more follow, and the cursor of a row. */
export type KeysetPage = Slice<Record<string, unknown>>;

/**
 * The first statement of every page, by cursor or by position: the key and sort values of
 * `size + 1` rows after the cursor (and past `skip` rows), filtered, sorted and limited alone
 * so an index can serve it. The extra row tells whether more follow.
 */
export function readKeys(set: Keyset, size: number, skip = 0): Promise<KeysetPage> {
  const select = selectOf([set.key, ...set.keys.map((k) => k.field)]);
  const where = set.after ? { AND: [set.where, set.after] } : set.where;
  const read = (take: number) => delegateOf(set.model).findMany({ where, orderBy: set.orderBy, ...(skip ? { skip } : {}), take, select });
  return readSlice(size, read, cursorOfRow(set));
}

/** The cursor of a row of a keyset page: its values of the sort keys. */
const cursorOfRow = (set: Keyset) => (row: Record<string, unknown>) => set.cursor.encode(cursorValues(set.keys, row));

/** The page of `size` of key rows read otherwise (`lookahead(size)` of them, each with its key and sort values), as `readKeys` answers it. */
export const keysetSlice = (set: Keyset, found: Record<string, unknown>[], size: number): KeysetPage => sliceOf(found, size, cursorOfRow(set));

/**
 * The second statement: the rows of those keys with the nested selection `query`, in the keys'
 * order. It runs for an empty page too: the schema checks that every list resolver uses the
 * nested selection it was given (Pothos answers "Prisma query was unused" otherwise). The filter
 * comes again with the keys, so rows stay scoped to the company (and to one shard).
 */
export async function rowsOfKeys(set: KeysetSpec, query: object, keys: unknown[]): Promise<Record<string, unknown>[]> {
  const selection = query as { select?: object };
  const keyed = selection.select ? { ...query, select: { ...selection.select, [set.key]: true } } : query;
  const rows = await delegateOf(set.model).findMany({ ...keyed, where: { AND: [set.where, { [set.key]: { in: keys } }] } });
  const byKey = new Map(rows.map((row) => [row[set.key], row]));
  return keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
}

/**
 * Reads the rows of a page's keys, each with its whole tree, in one statement whose JSON
 * PostgreSQL writes (graph/assembled/read.ts): one row for each key, in the keys' order, null
 * for a key whose row is gone; undefined when the selection (at `info`, or at `path` below it)
 * cannot be assembled.
 */
export interface AssembledPage {
  (info: GraphQLResolveInfo, companyId: number, keys: unknown[], path?: readonly string[]): Promise<(Record<string, unknown> | null)[] | undefined>;
  /** The reader of a list page's keys, rows and count in one statement, when it can be written (graph/assembled/list-page.ts). */
  readonly onePage: (spec: OnePageSpec) => (() => Promise<OnePage>) | undefined;
}

/** Where a list page is read from in one statement, and what it answers (graph/assembled/list-page.ts). */
export interface OnePageSpec {
  /** The list field's resolve info: its `data` is the selection of the rows. */
  info: GraphQLResolveInfo;
  companyId: number;
  keyset: Keyset;
  size: number;
  skip: number;
  /** Whether `total_count` or `total_count_exact` is asked for. */
  counted: boolean;
}

/** What the one statement answers: the page's keys (with the sort values of their cursors), its rows in order, and the count when asked. */
export interface OnePage {
  keys: KeysetPage;
  rows: Record<string, unknown>[];
  count?: CappedCount;
}

/**
 * Reads one page of a connection in two statements (`readKeys`, then `rowsOfKeys` with the
 * selection of `edges.node`, or the assembled nodes).
 */
export async function readConnection(
  args: { first?: number | null; after?: string | null },
  set: Keyset,
  ctx: Context,
  info: GraphQLResolveInfo,
  assembled?: AssembledPage,
): Promise<ConnectionSource> {
  const first = pageSize('first', args.first);
  const counted = { where: set.where, model: set.model };
  // Asked for its count alone (`{ totalCount }`), a connection reads no page.
  const asked = selectedNames(info);
  if (!asked.has('edges') && !asked.has('pageInfo')) return { ...emptyConnection(args.after != null), ...counted };
  const page = await readKeys(set, first);
  const keys = page.rows.map((r) => r[set.key]);
  // The nodes as PostgreSQL writes them, when their types declare their SQL (docs/decisions/019-assembled-pages.md);
  // else read by Prisma with the plugin's plan of the selection.
  const nodes = assembled ? await assembled(info, ctx.company.id, keys, ['edges', 'node']) : undefined;
  const byKey = nodes
    ? new Map(keys.flatMap((key, i) => (nodes[i] ? [[key, nodes[i]] as const] : [])))
    : new Map((await rowsOfKeys(set, queryFromInfo({ context: ctx, info, path: ['edges', 'node'] }), keys)).map((row) => [row[set.key], row]));
  return { ...connectionOf(page, (r) => byKey.get(r[set.key]), args.after != null), ...counted };
}
