// Lists of linked records by cursor (docs/graphql.md, "Links"): beside each list of linked
// records `<field>(first)`, a twin `<field>Connection(first, after)` answers `edges` (`cursor`,
// `node`) and `pageInfo`, in id order. The page is read in the statement that reads the parent
// (the relation joined, `first + 1` rows of it, the extra one saying whether more follow), so a
// page of any number of parents costs the statements of one. A cursor holds the id of its row
// and the link it was answered for: the next page is the link's rows of greater id, so rows added
// while a client pages come once, in order. One `after` sent to a field reached by many parents
// reads, for each of them, its rows after that id.
import type { Context } from '../context.ts';
import { BadInputError, FieldErrors } from '../errors.ts';
import { checkedSize, cursorArg, firstDescription } from './pagination/bounds.ts';
import { checkedAfter, sortedCursor, type CursorKind } from './pagination/cursor.ts';
import { connectionObjects } from './pagination/objects.ts';
import { connectionOf, lookahead, sliceOf, type Connection } from './pagination/page.ts';

/** The arguments of a link connection. */
export interface LinkArgs {
  first?: number | null;
  after?: string | null;
}

/** What a link connection's field hands its `edges` and `pageInfo`. */
export type LinkPage = Connection<unknown>;

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

/** The cursors of `link` (`Type.field`): the id of their row, under the link's name (as the root cursors' sort). */
const linkCursor = (link: string): CursorKind<[number]> =>
  sortedCursor(`${link}:id:al`, (values): values is [number] => values.length === 1 && typeof values[0] === 'number' && Number.isSafeInteger(values[0]));

/**
 * Reads `first` (1 to PAGE.maxLimit, PAGE.defaultLimit when absent) and `after` of a link
 * connection of `link`; with `first` out of range, `after` is not read.
 */
export function linkWindow(link: string, args: LinkArgs): LinkWindow {
  const errors = new FieldErrors();
  const first = checkedSize('first', args.first, errors);
  const after = errors.list.length ? null : checkedAfter(linkCursor(link), args.after, errors);
  return { first, afterId: after?.[0] ?? null, error: errors.list.length ? new BadInputError(errors.list) : null };
}

/** The page of `rows` (up to `lookahead(first)` of them, in id order) a window asks for; throws the window's error. */
export function linkPage(link: string, window: LinkWindow, rows: readonly { id: number }[]): LinkPage {
  if (window.error) throw window.error;
  const cursor = linkCursor(link);
  return connectionOf(sliceOf(rows, window.first, (node) => cursor.encode([node.id])), (node) => node, window.afterId !== null);
}

/** The Prisma arguments of a link's relation for a window: its filter and the rows after the cursor, `lookahead(first)` in id order. */
export const relationWindow = (where: object, window: LinkWindow) => ({
  where: window.afterId === null ? where : { AND: [where, { id: { gt: window.afterId } }] },
  take: lookahead(window.first),
  orderBy: { id: 'asc' as const },
});

const types = new Map<string, ReturnType<typeof declareLinkConnection>>();

const declareLinkConnection = (model: string) =>
  connectionObjects<LinkPage>({
    name: `${model}Link`,
    node: model,
    description: `A page of linked ${model} records read by cursor, in id order (docs/graphql.md, "Links").`,
    edgeDescription: `A linked ${model} with its cursor.`,
    edgesDescription: 'The rows of this page, in id order.',
  });

/** `<Model>LinkConnection` (and its `<Model>LinkEdge`), declared once per model. */
export function linkConnectionType(model: string) {
  let type = types.get(model);
  if (!type) types.set(model, (type = declareLinkConnection(model)));
  return type;
}

/** The arguments of a link connection, declared on the field builder `t`. */
export const linkArgs = <I, S>(t: { arg: { int(options: { description: string }): I; string(options: { description: string; extensions: { maxLength: number } }): S } }) => ({
  first: t.arg.int({ description: firstDescription }),
  // As long as the root lists' cursors may be (docs/limits.md), checked before the query runs.
  after: cursorArg(t, "The rows after this cursor (an edge's `cursor` or `pageInfo.endCursor` of this link); the first page without it."),
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
