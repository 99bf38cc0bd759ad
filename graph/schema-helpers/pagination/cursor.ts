// Cursors (docs/graphql.md, "Cursor pagination"): opaque to clients, a cursor is the base64url of
// the position of a page's row. Every kind of cursor is read back through `checkedAfter`: a text
// over PAGE.cursorLength characters, one that is not a cursor of its kind (forged, of another
// sort, of another link, of another list) answers BAD_REQUEST on `after`, before any row is read.
import { BadInputError, FieldErrors, fieldMessages } from '../../errors.ts';
import { PAGE } from './bounds.ts';

/** A kind of cursor: how a position is written into its opaque text and read back from it. */
export interface CursorKind<P> {
  encode(position: P): string;
  /** The position the text holds; undefined when the text is not a cursor of this kind. */
  decode(text: string): P | undefined;
}

/** The cursors whose position is written as `write` says and read back by `read` (undefined when it does not hold one). */
export function cursorKind<P>(write: (position: P) => string, read: (text: string) => P | undefined): CursorKind<P> {
  return {
    encode: (position) => Buffer.from(write(position)).toString('base64url'),
    decode: (text) => (text.length <= PAGE.cursorLength ? read(Buffer.from(text, 'base64url').toString('utf8')) : undefined),
  };
}

/** What a sorted cursor holds: the sort it belongs to and its row's values of the sort keys. */
interface Sorted {
  sort: string;
  values: unknown[];
}

/** Whether parsed JSON is a sorted cursor of `sort`. */
const isSorted = (parsed: unknown, sort: string): parsed is Sorted =>
  typeof parsed === 'object' && parsed !== null && 'sort' in parsed && parsed.sort === sort && 'values' in parsed && Array.isArray(parsed.values);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The cursors of one sort, `{ sort, values }` in JSON: the root lists and connections (the sort
 * is their sort keys, graph/schema-helpers/connection.ts) and the links (`<link>:id:al`,
 * graph/schema-helpers/link-connection.ts). `fit` checks the values a cursor brings back.
 */
export function sortedCursor<V extends unknown[]>(sort: string, fit: (values: unknown[]) => values is V): CursorKind<V> {
  return cursorKind<V>(
    (values) => JSON.stringify({ sort, values } satisfies Sorted),
    (text) => {
      const cursor = parsed(text);
      return isSorted(cursor, sort) && fit(cursor.values) ? cursor.values : undefined;
    },
  );
}

/** The position of the cursor sent as `after` (null without one); not one of `kind`'s, a problem on `after` is added to `errors`. */
export function checkedAfter<P>(kind: CursorKind<P>, after: string | null | undefined, errors: FieldErrors): P | null {
  if (after == null) return null;
  const position = kind.decode(after);
  if (position === undefined) errors.add('after', fieldMessages.invalid);
  return position ?? null;
}

/** The position of the cursor sent as `after` (null without one); a 400 on `after` when it is not one of `kind`'s. */
export function readAfter<P>(kind: CursorKind<P>, after: string | null | undefined): P | null {
  const errors = new FieldErrors();
  const position = checkedAfter(kind, after, errors);
  errors.throwIfAny(BadInputError);
  return position;
}
