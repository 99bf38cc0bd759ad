// A page of rows (docs/graphql.md, "Cursor pagination"): `size + 1` rows are read, the extra one
// saying whether more follow, and the page answers its rows with their cursors: a list's
// `next_cursor`, a connection's `edges` and `pageInfo`, the events feed's `next_cursor` and
// `has_more` are each built here from one `Slice`.

/** The rows of a page, whether more follow it, and the cursor of a row. */
export interface Slice<R> {
  rows: R[];
  hasNextPage: boolean;
  cursorOf: (row: R) => string;
}

/** How many rows to read for a page of `size`: one more, to know whether more follow. */
export const lookahead = (size: number): number => size + 1;

/** The page of `size` of the rows read (`lookahead(size)` of them at most). */
export const sliceOf = <R>(found: readonly R[], size: number, cursorOf: (row: R) => string): Slice<R> => ({
  rows: found.slice(0, size),
  hasNextPage: found.length > size,
  cursorOf,
});

/** Reads a page of `size`: `read` is handed how many rows to take. */
export async function readSlice<R>(size: number, read: (take: number) => Promise<R[]>, cursorOf: (row: R) => string): Promise<Slice<R>> {
  return sliceOf(await read(lookahead(size)), size, cursorOf);
}

/** The cursor of the page's last row; null when the page is empty. */
export const lastCursor = <R>(slice: Slice<R>): string | null => (slice.rows.length ? slice.cursorOf(slice.rows[slice.rows.length - 1]) : null);

/** A list's `next_cursor`: the cursor of the page's last row when more rows follow; null on the last page. */
export const nextCursor = <R>(slice: Slice<R>): string | null => (slice.hasNextPage ? lastCursor(slice) : null);

/** One row of a connection and its cursor. */
export interface Edge<N> {
  cursor: string;
  node: N;
}

/** A page of a connection: its edges, in order, and where it stands. */
export interface Connection<N> {
  edges: Edge<N>[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/**
 * The connection of a slice: each row's edge, its node found by `nodeOf` (a row whose node is
 * gone, undefined, is left out); `afterCursor` says whether the page was read after a cursor.
 */
export function connectionOf<R, N>(slice: Slice<R>, nodeOf: (row: R) => N | undefined, afterCursor: boolean): Connection<N> {
  const edges = slice.rows.flatMap((row) => {
    const node = nodeOf(row);
    return node === undefined ? [] : [{ cursor: slice.cursorOf(row), node }];
  });
  return { edges, hasNextPage: slice.hasNextPage, hasPreviousPage: afterCursor };
}

/** A connection of no rows (one asked for its count alone). */
export const emptyConnection = <N>(afterCursor: boolean): Connection<N> => ({ edges: [], hasNextPage: false, hasPreviousPage: afterCursor });

/** What a connection's `pageInfo` answers. */
export interface PageInfoShape {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export const pageInfoOf = <N>(c: Connection<N>): PageInfoShape => ({
  hasNextPage: c.hasNextPage,
  hasPreviousPage: c.hasPreviousPage,
  startCursor: c.edges[0]?.cursor ?? null,
  endCursor: c.edges.at(-1)?.cursor ?? null,
});
