// Lists of linked records by cursor (docs/graphql.md, "Links"): beside each list of linked
// records `<field>(first)`, a twin `<field>Connection(first, after)` answers `edges` (`cursor`,
// `node`) and `pageInfo`, in id order. The page is read in the statement that reads the parent
// (the relation joined, `first + 1` rows of it, the extra one saying whether more follow), so a
// page of any number of parents costs the statements of one. A cursor holds the id of its row
// and the link it was answered for: the next page is the link's rows of greater id, so rows added
// while a client pages come once, in order. One `after` sent to a field reached by many parents
// reads, for each of them, its rows after that id.
import { getRefFromModel, type PrismaModelTypes } from '@pothos/plugin-prisma';
import { builder } from '../builder.ts';
import type { Context } from '../context.ts';
import { BadInputError, fieldMessages } from '../errors.ts';
import { PageInfo } from './connection.ts';
import { firstDescription, PAGE } from './pagination/bounds.ts';

/** The arguments of a link connection. */
export interface LinkArgs {
  first?: number | null;
  after?: string | null;
}

/** One row of a link connection and its cursor. */
interface LinkEdge {
  cursor: string;
  node: unknown;
}

/** What a link connection's field hands its `edges` and `pageInfo`. */
export interface LinkPage {
  edges: LinkEdge[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/**
 * The page a link connection's arguments ask for, read without throwing: the selection is
 * planned with the parent's statement, before the field resolves, and the field throws `error`
 * when it resolves, so the error is answered at the field's path (docs/graphql.md, "Errors").
 */
export interface LinkWindow {
  first: number;
  afterId: number | null;
  error: BadInputError | null;
}

/** What a cursor of a link holds: the link it was answered for (as the root cursors' sort) and its row's id. */
interface LinkCursor {
  sort: string;
  values: unknown[];
}

const signature = (link: string) => `${link}:id:al`;

/** The cursor of the row `id` of `link` (`Type.field`). */
export const linkCursor = (link: string, id: number): string =>
  Buffer.from(JSON.stringify({ sort: signature(link), values: [id] } satisfies LinkCursor)).toString('base64url');

/** The id a cursor of `link` holds; null when it is not one (forged, of another link or of a list). */
function cursorId(link: string, text: string): number | null {
  let cursor: LinkCursor | undefined;
  try {
    cursor = text.length <= PAGE.cursorLength ? (JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as LinkCursor) : undefined;
  } catch {
    cursor = undefined;
  }
  const id = Array.isArray(cursor?.values) && cursor.values.length === 1 ? cursor.values[0] : null;
  return cursor?.sort === signature(link) && typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/** Reads `first` (1 to PAGE.maxLimit, PAGE.defaultLimit when absent) and `after` of a link connection of `link`. */
export function linkWindow(link: string, args: LinkArgs): LinkWindow {
  const first = args.first ?? PAGE.defaultLimit;
  if (!Number.isInteger(first) || first < 1 || first > PAGE.maxLimit) {
    return { first: 1, afterId: null, error: new BadInputError([{ name: 'first', message: fieldMessages.outOfRange }]) };
  }
  const afterId = args.after == null ? null : cursorId(link, args.after);
  if (args.after != null && afterId === null) return { first, afterId: null, error: new BadInputError([{ name: 'after', message: fieldMessages.invalid }]) };
  return { first, afterId, error: null };
}

/** The page of `rows` (up to `first + 1` of them, in id order) a window asks for; throws the window's error. */
export function linkPage(link: string, window: LinkWindow, rows: readonly { id: number }[]): LinkPage {
  if (window.error) throw window.error;
  return {
    edges: rows.slice(0, window.first).map((node) => ({ cursor: linkCursor(link, node.id), node })),
    hasNextPage: rows.length > window.first,
    hasPreviousPage: window.afterId !== null,
  };
}

/** The Prisma arguments of a link's relation for a window: its filter and the rows after the cursor, `first + 1` in id order. */
export const relationWindow = (where: object, window: LinkWindow) => ({
  where: window.afterId === null ? where : { AND: [where, { id: { gt: window.afterId } }] },
  take: window.first + 1,
  orderBy: { id: 'asc' as const },
});

const types = new Map<string, ReturnType<typeof declareLinkConnection>>();

function declareLinkConnection(model: string) {
  const Edge = builder.objectRef<LinkEdge>(`${model}LinkEdge`).implement({
    description: `A linked ${model} with its cursor.`,
    fields: (t) => ({
      cursor: t.exposeString('cursor', { description: 'Opaque cursor of this row: pass it as `after` to read the rows that follow it.' }),
      // NOTE: the model is named at run time; the node was loaded with the selection of `edges.node`.
      node: t.field({ type: getRefFromModel(model, builder), description: 'The row.', resolve: (edge) => edge.node as PrismaModelTypes['Shape'] }),
    }),
  });
  return builder.objectRef<LinkPage>(`${model}LinkConnection`).implement({
    description: `A page of linked ${model} records read by cursor, in id order (docs/graphql.md, "Links").`,
    fields: (t) => ({
      edges: t.field({ type: [Edge], description: 'The rows of this page, in id order.', resolve: (c) => c.edges }),
      pageInfo: t.field({
        type: PageInfo,
        description: 'Whether more rows follow, and the cursors of the page.',
        resolve: (c) => ({ hasNextPage: c.hasNextPage, hasPreviousPage: c.hasPreviousPage, startCursor: c.edges[0]?.cursor ?? null, endCursor: c.edges.at(-1)?.cursor ?? null }),
      }),
    }),
  });
}

/** `<Model>LinkConnection` (and its `<Model>LinkEdge`), declared once per model. */
export function linkConnectionType(model: string) {
  let type = types.get(model);
  if (!type) types.set(model, (type = declareLinkConnection(model)));
  return type;
}

/** The description of `after` of a link connection. */
export const afterDescription = "The rows after this cursor (an edge's `cursor` or `pageInfo.endCursor` of this link); the first page without it.";

/** The arguments of a link connection, declared on the field builder `t`. */
export const linkArgs = <I, S>(t: { arg: { int(options: { description: string }): I; string(options: { description: string; extensions: { maxLength: number } }): S } }) => ({
  first: t.arg.int({ description: firstDescription }),
  // As long as the root lists' cursors may be (docs/limits.md), checked before the query runs.
  after: t.arg.string({ description: afterDescription, extensions: { maxLength: PAGE.cursorLength } }),
});

/** A link connection over a Prisma relation of the parent: where it reads and what it answers. */
export interface RelationLink<R extends string> {
  /** `Type.field` of the link's list, e.g. `Product.purchase_order_items`: names its cursors. */
  link: string;
  /** The parent's relation, e.g. `purchase_order_items`. */
  relation: R;
  /** The model of the linked rows, e.g. `PurchaseOrderItem`. */
  model: string;
  /** The filter of the linked rows (live rows, the company). */
  where: (ctx: Context) => object;
}

/** The selection that plans what `edges.node` selects of the linked rows, as Pothos hands it to a field's `select`. */
type Nested = (selection: object, path: string[], type: string) => object;

/**
 * The type, `select` and `resolve` of a link connection over a relation: the relation is read in
 * the parent's statement with the selection of `edges.node` (and `id`, for the cursors).
 */
export function relationLink<R extends string>(spec: RelationLink<R>) {
  return {
    type: linkConnectionType(spec.model),
    select: (args: LinkArgs, ctx: Context, nested: Nested) => {
      const planned = nested(relationWindow(spec.where(ctx), linkWindow(spec.link, args)), ['edges', 'node'], spec.model) as { select?: object };
      return { [spec.relation]: planned.select ? { ...planned, select: { ...planned.select, id: true } } : planned } as Record<R, object>;
    },
    resolve: (parent: Record<R, readonly { id: number }[]>, args: LinkArgs) => linkPage(spec.link, linkWindow(spec.link, args), parent[spec.relation]),
  };
}
