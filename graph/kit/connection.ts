// Cursor pagination of the GraphQL lists (docs/graphql.md, "Cursor pagination"): each list
// `<field>` has a twin `<field>Connection(first, after, ...)` answering Relay-style `edges`
// (`cursor`, `node`), `pageInfo` and `totalCount`. Pages are keyset pages: the cursor holds the
// sort values of its row, and the next page is the rows that sort after those values, so a
// sync that pages through a list while others write never skips or repeats a row that stays
// where it sorts (a row whose sort value changes moves, as it would in any sorted read).
import { queryFromInfo } from '@pothos/plugin-prisma';
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { getDatamodel } from '../../prisma/generated/pothos-types.ts';
import { builder } from '../builder.ts';
import type { Context } from '../context.ts';
import { modelDelegate } from './records.ts';
import { BadInputError, fieldMessages } from '../errors.ts';
import { pageSize } from './page.ts';

/** One key of a sort: a column, its direction and where its nulls go. */
interface SortKey {
  field: string;
  desc: boolean;
  nullsFirst: boolean;
  nullable: boolean;
}

/** The sort keys of a Prisma `orderBy` list (graph/kit/list.ts, pageOf), with PostgreSQL's default null placement. */
export function sortKeys(orderBy: Record<string, unknown>[], nullable: ReadonlySet<string>): SortKey[] {
  return orderBy.map((entry) => {
    const [field, how] = Object.entries(entry)[0];
    const sort = typeof how === 'string' ? how : (how as { sort: string }).sort;
    const nulls = typeof how === 'string' ? undefined : (how as { nulls?: string }).nulls;
    const desc = sort === 'desc';
    // PostgreSQL puts nulls last when ascending and first when descending, unless told.
    return { field, desc, nullsFirst: nulls ? nulls === 'first' : desc, nullable: nullable.has(field) };
  });
}

type CursorValue = string | number | boolean | null;

/** The rows after `values` in the order of `keys`: a Prisma filter (the keyset condition). */
export function afterWhere(keys: SortKey[], values: CursorValue[]): object {
  const equal = (k: SortKey, v: CursorValue) => ({ [k.field]: v === null ? null : { equals: v } });
  const beyond = (k: SortKey, v: CursorValue): object | null => {
    if (v === null) return k.nullsFirst ? { NOT: { [k.field]: null } } : null;
    const compare = { [k.field]: { [k.desc ? 'lt' : 'gt']: v } };
    return k.nullable && !k.nullsFirst ? { OR: [compare, { [k.field]: null }] } : compare;
  };
  const branches = keys.flatMap((k, i) => {
    const strict = beyond(k, values[i]);
    return strict ? [{ AND: [...keys.slice(0, i).map((p, j) => equal(p, values[j])), strict] }] : [];
  });
  return { OR: branches };
}

/** The model's column types, to check the values a cursor brings back. */
const columnTypes = (model: string): Map<string, string> =>
  new Map(
    getDatamodel().datamodel.models[model].fields.map((f) => [
      f.name,
      f.kind === 'enum' ? 'String' : f.type,
    ]),
  );

/** Whether a cursor value fits its column: anything else is a forged or stale cursor. */
function fits(type: string | undefined, v: CursorValue): boolean {
  if (v === null) return true;
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

/** What a cursor holds: the sort it belongs to and its row's values of the sort keys. */
interface Cursor {
  sort: string;
  values: CursorValue[];
}

const signature = (keys: SortKey[]) => keys.map((k) => `${k.field}:${k.desc ? 'd' : 'a'}${k.nullsFirst ? 'f' : 'l'}`).join(',');

function encodeCursor(keys: SortKey[], row: Record<string, unknown>): string {
  const values = keys.map((k) => {
    const v = row[k.field];
    return v instanceof Date ? v.toISOString() : v === undefined || v === null ? null : typeof v === 'object' ? String(v) : (v as CursorValue);
  });
  return Buffer.from(JSON.stringify({ sort: signature(keys), values } satisfies Cursor)).toString('base64url');
}

/** The values of a cursor sent back as `after`; a cursor of another sort, or not one of ours, is a 400 on `after`. */
function decodeCursor(text: string, keys: SortKey[], types: Map<string, string>): CursorValue[] {
  let cursor: Cursor | undefined;
  try {
    cursor = text.length <= 4_096 ? (JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor) : undefined;
  } catch {
    cursor = undefined;
  }
  const ok =
    cursor &&
    cursor.sort === signature(keys) &&
    Array.isArray(cursor.values) &&
    cursor.values.length === keys.length &&
    keys.every((k, i) => fits(types.get(k.field), cursor!.values[i]) && (k.nullable || cursor!.values[i] !== null));
  if (!ok) throw new BadInputError([{ name: 'after', message: fieldMessages.invalid }]);
  return cursor!.values;
}

/** What the connection's root field hands its fields. */
interface ConnectionSource {
  edges: { cursor: string; node: unknown }[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  where: object;
  model: string;
}

const PageInfo = builder.objectRef<{ hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null }>('PageInfo').implement({
  description: 'Where a page of a connection stands (Relay cursor connections).',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'Whether rows follow this page: pass `endCursor` as `after` to read them.' }),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', { description: 'Whether this page was read `after` a cursor (rows come before it).' }),
    startCursor: t.exposeString('startCursor', { nullable: true, description: 'Cursor of the first row of the page (null when the page is empty).' }),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Cursor of the last row of the page (null when the page is empty).' }),
  }),
});

type Delegate = { findMany(args: object): Promise<Record<string, unknown>[]>; count(args: { where: object }): Promise<number> };
const delegateOf = (model: string) => modelDelegate<Delegate>(model);

/** Declares `<Model>Connection` and `<Model>Edge`; answers the connection type. */
export function connectionType(model: string, what: string) {
  const Edge = builder.objectRef<{ cursor: string; node: unknown }>(`${model}Edge`).implement({
    description: `One of the ${what} of a connection, with its cursor.`,
    fields: (t) => ({
      cursor: t.exposeString('cursor', { description: 'Opaque cursor of this row: pass it as `after` to read the rows that follow it.' }),
      // NOTE: the model is named at run time; the node was loaded with the selection of `edges.node`.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      node: t.field({ type: model as any, description: `The row.`, resolve: (edge) => edge.node as never }),
    }),
  });
  return builder.objectRef<ConnectionSource>(`${model}Connection`).implement({
    description: `A page of ${what} read by cursor (docs/graphql.md, "Cursor pagination").`,
    fields: (t) => ({
      edges: t.field({ type: [Edge], description: `The ${what} of this page, in order.`, resolve: (c) => c.edges }),
      pageInfo: t.field({
        type: PageInfo,
        description: 'Whether more rows follow, and the cursors of the page.',
        resolve: (c) => ({
          hasNextPage: c.hasNextPage,
          hasPreviousPage: c.hasPreviousPage,
          startCursor: c.edges[0]?.cursor ?? null,
          endCursor: c.edges.at(-1)?.cursor ?? null,
        }),
      }),
      totalCount: t.int({ description: `How many ${what} match, over all pages (counted only when asked for).`, resolve: (c) => delegateOf(c.model).count({ where: c.where }) }),
    }),
  });
}

/** The names of the fields selected on the field `info` resolves, through fragments. */
function selectedNames(info: GraphQLResolveInfo): Set<string> {
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

/**
 * Reads one page of a connection in two statements: the keys and sort values of `first + 1`
 * rows after the cursor (filtered, sorted and limited alone, so an index can serve it), then
 * the rows of those keys with the selection of `edges.node`.
 */
export async function readConnection(
  args: { first?: number | null; after?: string | null },
  spec: { model: string; key: string; where: object; orderBy: Record<string, unknown>[]; nullable: ReadonlySet<string> },
  ctx: Context,
  info: GraphQLResolveInfo,
): Promise<ConnectionSource> {
  const first = pageSize('first', args.first);
  // Asked for its count alone (`{ totalCount }`), a connection reads no page.
  const asked = selectedNames(info);
  if (!asked.has('edges') && !asked.has('pageInfo')) return { edges: [], hasNextPage: false, hasPreviousPage: args.after != null, where: spec.where, model: spec.model };
  const keys = sortKeys(spec.orderBy, spec.nullable);
  const where = args.after != null ? { AND: [spec.where, afterWhere(keys, decodeCursor(args.after, keys, columnTypes(spec.model)))] } : spec.where;
  const model = delegateOf(spec.model);
  const select = Object.fromEntries([spec.key, ...keys.map((k) => k.field)].map((f) => [f, true]));
  const found = await model.findMany({ where, orderBy: spec.orderBy, take: first + 1, select });
  const page = found.slice(0, first);
  const query = queryFromInfo({ context: ctx, info, path: ['edges', 'node'] }) as { select?: object };
  const keyed = query.select ? { ...query, select: { ...query.select, [spec.key]: true } } : query;
  const rows = await model.findMany({ ...keyed, where: { AND: [spec.where, { [spec.key]: { in: page.map((r) => r[spec.key]) } }] } });
  const byKey = new Map(rows.map((row) => [row[spec.key], row]));
  return {
    edges: page.flatMap((r) => (byKey.has(r[spec.key]) ? [{ cursor: encodeCursor(keys, r), node: byKey.get(r[spec.key]) }] : [])),
    hasNextPage: found.length > first,
    hasPreviousPage: args.after != null,
    where: spec.where,
    model: spec.model,
  };
}
