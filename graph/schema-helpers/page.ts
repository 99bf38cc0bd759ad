// Page sizes (docs/index.md, "Pagination"): every list, connection and list of linked records
// answers 1 to PAGE.maxLimit rows, PAGE.defaultLimit when the client does not say. A cursor sent
// back as `after` is at most PAGE.cursorLength characters (docs/limits.md).
import { BadInputError, fieldMessages } from '../errors.ts';

export const PAGE = { defaultLimit: 20, maxLimit: 100, cursorLength: 4_096 } as const;

/** A page size the client sent as `name`, checked: 1 to PAGE.maxLimit, the default when absent. */
export function pageSize(name: string, value: number | null | undefined): number {
  const size = value ?? PAGE.defaultLimit;
  if (!Number.isInteger(size) || size < 1 || size > PAGE.maxLimit) throw new BadInputError([{ name, message: fieldMessages.outOfRange }]);
  return size;
}

/** What the `first` argument of a list of linked records says (docs/graphql.md, "Links"). */
export const firstDescription = `How many, 1 to ${PAGE.maxLimit} (default ${PAGE.defaultLimit}), in id order.`;
