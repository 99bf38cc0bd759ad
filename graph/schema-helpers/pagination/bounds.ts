// Page sizes (docs/index.md, "Pagination"): every list, connection, list of linked records and
// the events feed answers 1 to PAGE.maxLimit rows, PAGE.defaultLimit when the client does not
// say. A cursor sent back as `after` is at most PAGE.cursorLength characters (docs/limits.md).
// Declares no type: the OpenAPI description and the document limits read these bounds too.
import { BadInputError, FieldErrors, fieldMessages } from '../../errors.ts';

export const PAGE = { defaultLimit: 20, maxLimit: 100, cursorLength: 4_096 } as const;

/**
 * The page size a client sent as `name` (`limit` or `first`): 1 to PAGE.maxLimit, the default
 * when absent. Out of range, the problem is added to `errors` and 1 answered (the smallest page,
 * planned but never read: the caller throws `errors`).
 */
export function checkedSize(name: string, value: number | null | undefined, errors: FieldErrors): number {
  const size = value ?? PAGE.defaultLimit;
  if (Number.isInteger(size) && size >= 1 && size <= PAGE.maxLimit) return size;
  errors.add(name, fieldMessages.outOfRange);
  return 1;
}

/** A page size the client sent as `name`, checked: 1 to PAGE.maxLimit, the default when absent; a 400 on `name` otherwise. */
export function pageSize(name: string, value: number | null | undefined): number {
  const errors = new FieldErrors();
  const size = checkedSize(name, value, errors);
  errors.throwIfAny(BadInputError);
  return size;
}

/** What a `limit` argument (or a root connection's `first`) says. */
export const sizeDescription = `Page size, 1 to ${PAGE.maxLimit} (default ${PAGE.defaultLimit}).`;

/** What the `first` argument of a list of linked records says (docs/graphql.md, "Links"). */
export const firstDescription = `How many, 1 to ${PAGE.maxLimit} (default ${PAGE.defaultLimit}), in id order.`;

/**
 * The `after` argument of a list, a connection or a link connection, declared on the field
 * builder `t`: a cursor, at most PAGE.cursorLength characters, checked before the query runs
 * (docs/limits.md). `t` is any Pothos builder of arguments: root and object fields alike.
 */
export const cursorArg = <S>(t: { arg: { string(options: { description: string; extensions: { maxLength: number } }): S } }, description: string): S =>
  t.arg.string({ description, extensions: { maxLength: PAGE.cursorLength } });
