import type { GraphQLResolveInfo } from 'graphql';
import type PrismaTypes from '../../prisma/generated/pothos-types.ts';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, namedTypeField, type ArgMap, type ArgsBuilder } from '../builder.ts';
import type { Context } from '../context.ts';
import { cappedCount, COUNT_CAP, countWhole, type CappedCount } from '../database/count.ts';
import { FieldErrors, BadInputError, fieldMessages, formatFieldMessage } from '../errors.ts';
import { connectionType, keysetOf, readConnection, readKeys, rowsOfKeys, selectedNames, type AssembledPage, type Keyset, type KeysetPage, type OnePage } from './connection.ts';
import { statisticsSettled } from '../database/statistics.ts';
import { checkedSize, cursorArg, PAGE, sizeDescription } from './pagination/bounds.ts';
import { nextCursor } from './pagination/page.ts';

export const OrderDirection = builder.enumType('OrderDirection', {
  description: 'Sort direction, optionally placing nulls first or last.',
  values: {
    ASC: { description: 'Ascending; nulls where the database puts them (last).' },
    ASC_NULLS_LAST: { description: 'Ascending, rows without a value last.' },
    ASC_NULLS_FIRST: { description: 'Ascending, rows without a value first.' },
    DESC: { description: 'Descending; nulls where the database puts them (first).' },
    DESC_NULLS_LAST: { description: 'Descending, rows without a value last.' },
    DESC_NULLS_FIRST: { description: 'Descending, rows without a value first.' },
  } as const,
});

type Direction = (typeof OrderDirection)['$inferType'];

/** Declares `<Name>OrderField` and `<Name>OrderBy` for a list over the given sortable fields. */
export function orderByInput(name: string, fields: readonly string[]) {
  const fieldEnum = builder.enumType(`${name}OrderField`, {
    description: `A field a ${name} list sorts by.`,
    values: Object.fromEntries(fields.map((f) => [f, { description: `Sort by \`${f}\`.` }])),
  });
  return builder.inputType(`${name}OrderBy`, {
    description: `One sort key of a ${name} list.`,
    fields: (t) => ({
      field: t.field({ type: fieldEnum, required: true, description: 'Field to sort by.' }),
      order: t.field({ type: OrderDirection, description: 'Direction; ASC when omitted.' }),
    }),
  });
}

/** Arguments every list query takes. */
export interface ListArgs {
  limit?: number | null;
  offset?: number | null;
  order_by?: { field: string; order?: Direction | null }[] | null;
  search?: string | null;
  ids?: number[] | null;
}

/** Prisma skip/take/orderBy for list arguments; out-of-range pagination is a 400 on its field. */
export function pageOf(args: ListArgs, nullable: ReadonlySet<string>, key = 'id', paths: Readonly<Record<string, string>> = {}) {
  const errors = new FieldErrors();
  const limit = checkedSize('limit', args.limit, errors);
  const offset = args.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) errors.add('offset', fieldMessages.outOfRange);
  errors.throwIfAny(BadInputError);
  const orderBy: Record<string, unknown>[] = (args.order_by ?? []).map(({ field, order }) => {
    const dir = order ?? 'ASC';
    const sort = dir.startsWith('ASC') ? 'asc' : 'desc';
    const nulls = dir.endsWith('NULLS_LAST') ? 'last' : dir.endsWith('NULLS_FIRST') ? 'first' : undefined;
    // NOTE: Prisma only accepts `nulls` on nullable columns.
    const [head, column] = (paths[field] ?? field).split('.');
    const how = nulls && nullable.has(paths[field] ?? field) ? { sort, nulls } : sort;
    return column ? { [head]: { [column]: how } } : { [head]: how };
  });
  // The key ends every sort, so a page boundary never splits rows that sort alike.
  if (!(args.order_by ?? []).some((o) => o.field === key)) orderBy.push({ [key]: 'asc' });
  return { take: limit, skip: offset, orderBy };
}

/**
 * The text of a substring or prefix match with `%`, `_` and `\\` escaped: a search matches
 * what it says, never as a wildcard (docs/limits.md).
 */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** A case-insensitive substring condition on one column. */
export const containsText = (text: string) => ({ contains: likeLiteral(text), mode: 'insensitive' as const });

/** Case-insensitive substring match of `search` over the given text columns. */
export function searchWhere(search: string | null | undefined, columns: readonly string[]) {
  const text = search?.trim();
  if (!text) return {};
  return { OR: columns.map((c) => ({ [c]: containsText(text) })) };
}

/** The `search` of a list over text columns: case-insensitive substring of any of them. */
export const searchColumns = (columns: readonly string[], description: string) => ({
  description,
  where: (text: string) => searchWhere(text, columns),
});

/** What a list query hands its page object: the rows' filter, the page and its keyset. */
export interface ListSource {
  where: object;
  page: ReturnType<typeof pageOf>;
  keyset: Keyset;
  /** The page's keys, read once for `data` and `next_cursor` alike. */
  keys?: Promise<KeysetPage>;
  /** The rows' count, read once for `total_count` and `total_count_exact` alike. */
  count?: Promise<CappedCount>;
  /** The page's keys, rows and count read together, when one statement can (graph/assembled/list-page.ts). */
  onePage?: () => Promise<OnePage>;
}

const COUNT_CAP_TEXT = COUNT_CAP.toLocaleString('en-US');

/**
 * The keys of the page, `limit + 1` of them (the extra one says whether `next_cursor` is due),
 * after the cursor or past `offset` rows: one statement shared by `data` and `next_cursor`.
 */
const keysOf = (source: ListSource): Promise<KeysetPage> =>
  (source.keys ??= source.onePage ? source.onePage().then((one) => one.keys) : readKeys(source.keyset, source.page.take, source.page.skip));

/** The rows' count, read once for `total_count` and `total_count_exact`: with the page when it is read in one statement. */
const countOf = (source: ListSource, model: string): Promise<CappedCount> =>
  (source.count ??= source.onePage ? source.onePage().then((one) => one.count ?? cappedCount(model, source.where)) : cappedCount(model, source.where));

/**
 * The rows of a page with their nested selections, in two statements: the page's keys first
 * (filtered, sorted and limited alone, so an index can serve it), then the rows of those keys
 * with their relations. One joined statement would build the relations of every matching row
 * before sorting and limiting them: its cost followed the company's size, not the page's
 * (docs/decisions/009-relation-loading.md, "Pages").
 */
async function pageRows(source: ListSource, ctx: Context, info: GraphQLResolveInfo, assembled: AssembledPage | undefined): Promise<unknown[]> {
  if (source.onePage) return (await source.onePage()).rows;
  const { rows } = await keysOf(source);
  const keys = rows.map((row) => row[source.keyset.key]);
  // The page's tree as PostgreSQL writes it, when its types declare their SQL (docs/decisions/019-assembled-pages.md);
  // else read by Prisma with the plugin's plan of the selection, planned only then (it walks the whole selection).
  const page = assembled ? await assembled(info, ctx.company.id, keys) : undefined;
  return page ? page.filter((row) => row !== null) : rowsOfKeys(source.keyset, queryFromInfo({ context: ctx, info }), keys);
}

/** One list query of the schema: the page type, its sort keys, search and filters (docs/index.md: lists). */
export interface ListSpec<Args extends Record<string, unknown>> {
  /** Prisma model of the rows, e.g. `Product`; also names `<Model>List`, `<Model>OrderBy`. */
  model: keyof PrismaTypes;
  /** Root query field, e.g. `products`. */
  field: string;
  /** Plural noun of the rows, e.g. `products`. */
  what: string;
  description: string;
  sortable: readonly string[];
  /** Sortable columns that hold nulls (where NULLS FIRST/LAST apply), a relation's as `relation.column`. */
  nullable?: ReadonlySet<string>;
  /** Sort keys that are a column of a to-one relation: sort key -> `relation.column` (graph/schema-helpers/sort-paths.ts). */
  sortPaths?: Readonly<Record<string, string>>;
  /** The unique column that ends every sort (default `id`). */
  key?: string;
  /** Sort keys when the caller sends none (default: the key ascending). */
  defaultOrder?: NonNullable<ListArgs['order_by']>;
  /** The `search` argument: its description and the filter a text makes. */
  search?: { description: string; where: (text: string) => object };
  /** Arguments beyond the page, sort and search (operation_id, filters ...). */
  args?: (t: ArgsBuilder) => ArgMap;
  /** The filter of the rows: company scope, live rows, filters (may check a parent and throw 404). */
  where: (args: Args, ctx: Context) => object | Promise<object>;
  /** Global reference data of a fixed size: `total_count` counts every matching row, with no cap. */
  countWhole?: boolean;
  /** A page assembled by PostgreSQL from the SQL its types declare (graph/assembled/read.ts; docs/decisions/019-assembled-pages.md). */
  assembled?: AssembledPage;
}


/** Declares `<Model>List`: `data`, read in one query with its nested selections, `total_count` and `next_cursor`. */
function listType<Args extends Record<string, unknown>>(spec: ListSpec<Args>) {
  const List = builder.objectRef<ListSource>(`${spec.model}List`);
  if (spec.countWhole) countWhole(spec.model);
  const counted = spec.countWhole
    ? `How many ${spec.what} match, over all pages (global reference data, counted whole).`
    : `How many ${spec.what} match, over all pages, counted up to ${COUNT_CAP_TEXT}: beyond that it answers ${COUNT_CAP_TEXT} and \`total_count_exact\` is false (docs/limits.md, "Counts").`;
  List.implement({
    description: `A page of ${spec.what}.`,
    fields: (t) => ({
      // The model is named at run time (graph/builder.ts, `namedTypeField`); the rows come with their whole selection.
      data: namedTypeField(t, {
        type: [spec.model],
        description: `The ${spec.what} of this page.`,
        resolve: (parent: ListSource, _args: unknown, ctx: Context, info: GraphQLResolveInfo) => pageRows(parent, ctx, info, spec.assembled),
      }),
      total_count: t.int({
        description: counted,
        resolve: async (p) => (await countOf(p, spec.model)).count,
      }),
      total_count_exact: t.boolean({
        description: `Whether \`total_count\` is the exact number of matching ${spec.what}: false when more than ${COUNT_CAP_TEXT} match.`,
        resolve: async (p) => (await countOf(p, spec.model)).exact,
      }),
      next_cursor: t.string({
        nullable: true,
        description: 'Pass as `after` (with the same `order_by`, filters and `search`) to read the next page; null on the last page.',
        resolve: async (p) => nextCursor(await keysOf(p)),
      }),
    }),
  });
  return List;
}

/** The arguments the page field and its cursor twin share: the spec's own, `order_by` (declaring `<Model>OrderBy`), `search`, `ids`. */
function sharedListArgs<Args extends Record<string, unknown>>(spec: ListSpec<Args>) {
  const OrderBy = orderByInput(spec.model, spec.sortable);
  return (t: ArgsBuilder): ArgMap => ({
    ...(spec.args?.(t) ?? {}),
    order_by: t.arg({
      type: [OrderBy],
      description: `Sort keys, applied in order (default ${(spec.defaultOrder ?? [{ field: spec.key ?? 'id' }]).map((o) => o.field).join(', ')} ascending).`,
    }),
    ...(spec.search ? { search: t.arg.string({ description: spec.search.description }) } : {}),
    ids: t.arg.intList({ description: `Only the rows with these ids (at most ${PAGE.maxLimit}).` }),
  });
}

/** The rows' filter, the page and its keyset of one call of either field (the cursor decoded: a forged one is a 400 before any work). */
async function listSource<Args extends Record<string, unknown>>(spec: ListSpec<Args>, rawArgs: unknown, ctx: Context, after: string | null | undefined): Promise<ListSource> {
  const args = rawArgs as Args & ListArgs;
  // A batch written a moment ago may have left its tables' statistics behind (graph/database/statistics.ts).
  await statisticsSettled();
  const order_by = args.order_by?.length ? args.order_by : spec.defaultOrder;
  const page = pageOf({ ...args, order_by }, spec.nullable ?? new Set(), spec.key, spec.sortPaths);
  if (args.ids && args.ids.length > PAGE.maxLimit) throw new BadInputError([{ name: 'ids', message: formatFieldMessage('tooMany', PAGE.maxLimit) }]);
  const base = await spec.where(args, ctx);
  const text = args.search?.trim();
  const conditions = [base, ...(text && spec.search ? [spec.search.where(text)] : []), ...(args.ids ? [{ id: { in: args.ids } }] : [])];
  const where = conditions.length > 1 ? { AND: conditions } : base;
  const keyset = keysetOf({ model: spec.model, key: spec.key ?? 'id', where, orderBy: page.orderBy, nullable: spec.nullable ?? new Set() }, after);
  return { where, page, keyset };
}

/**
 * The source of a page that one statement can read whole, keys, rows and count
 * (graph/assembled/list-page.ts): its read runs once, at the first field that asks.
 */
function withOnePage(source: ListSource, assembled: AssembledPage, ctx: Context, info: GraphQLResolveInfo): ListSource {
  const asked = selectedNames(info);
  const read = assembled.onePage({
    info,
    companyId: ctx.company.id,
    keyset: source.keyset,
    size: source.page.take,
    skip: source.page.skip,
    counted: asked.has('total_count') || asked.has('total_count_exact'),
  });
  if (!read) return source;
  let once: Promise<OnePage> | undefined;
  return { ...source, onePage: () => (once ??= read()) };
}

/**
 * Declares `<Model>List` (`data`, read in one query with its nested selections, and `total_count`)
 * and its query field, and the cursor twin `<field>Connection` (graph/schema-helpers/connection.ts).
 */
export function listField<Args extends Record<string, unknown>>(spec: ListSpec<Args>) {
  const List = listType(spec);
  const sharedArgs = sharedListArgs(spec);
  builder.queryField(spec.field, (t) =>
    t.field({
      type: List,
      description: spec.description,
      args: {
        ...sharedArgs(t),
        limit: t.arg.int({ description: sizeDescription }),
        offset: t.arg.int({ description: 'Rows to skip (default 0); not with `after`.' }),
        after: cursorArg(t, 'The rows after this cursor: the `next_cursor` of the previous page, sent with the same `order_by`, filters and `search`.'),
      },
      resolve: async (_root, rawArgs, ctx, info) => {
        const args = rawArgs as ListArgs & { after?: string | null };
        // A cursor says where the page starts; an offset beside it would say it twice (docs/index.md, "Pagination and sorting").
        if (args.after != null && (args.offset ?? 0) !== 0) throw new BadInputError([{ name: 'offset', message: fieldMessages.withCursor }]);
        const source = await listSource(spec, rawArgs, ctx, args.after);
        return spec.assembled ? withOnePage(source, spec.assembled, ctx, info) : source;
      },
    }),
  );
  const Connection = connectionType(spec.model, spec.what);
  builder.queryField(`${spec.field}Connection`, (t) =>
    t.field({
      type: Connection,
      description: `${spec.description} By cursor: \`first\` rows \`after\` a cursor (docs/graphql.md, "Cursor pagination").`,
      args: {
        ...sharedArgs(t),
        first: t.arg.int({ description: sizeDescription }),
        after: cursorArg(t, "The rows after this cursor (an edge's `cursor` or `pageInfo.endCursor`); the first page without it."),
      },
      resolve: async (_root, rawArgs, ctx, info) => {
        const args = rawArgs as { first?: number | null; after?: string | null };
        const { keyset } = await listSource(spec, rawArgs, ctx, args.after);
        return readConnection(args, keyset, ctx, info, spec.assembled);
      },
    }),
  );
  return List;
}
