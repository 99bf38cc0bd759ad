import { builder } from '../builder.ts';
import { FieldErrors, BadInputError, fieldMessages } from '../errors.ts';

/** Pagination bounds of the public contract. */
export const PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

export const OrderDirection = builder.enumType('OrderDirection', {
  description: 'Sort direction, optionally placing nulls first or last.',
  values: ['ASC', 'ASC_NULLS_LAST', 'ASC_NULLS_FIRST', 'DESC', 'DESC_NULLS_LAST', 'DESC_NULLS_FIRST'] as const,
});

type Direction = (typeof OrderDirection)['$inferType'];

/** Declares `<Name>OrderField` and `<Name>OrderBy` for a list over the given sortable fields. */
export function orderByInput(name: string, fields: readonly string[]) {
  const fieldEnum = builder.enumType(`${name}OrderField`, { values: fields as readonly string[] });
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
}

/** Prisma skip/take/orderBy for list arguments; out-of-range pagination is a 400 on its field. */
export function pageOf(args: ListArgs, nullable: ReadonlySet<string>) {
  const errors = new FieldErrors();
  const limit = args.limit ?? PAGE.defaultLimit;
  const offset = args.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE.maxLimit) errors.add('limit', fieldMessages.outOfRange);
  if (!Number.isInteger(offset) || offset < 0) errors.add('offset', fieldMessages.outOfRange);
  errors.throwIfAny(BadInputError);
  const orderBy: Record<string, unknown>[] = (args.order_by ?? []).map(({ field, order }) => {
    const dir = order ?? 'ASC';
    const sort = dir.startsWith('ASC') ? 'asc' : 'desc';
    const nulls = dir.endsWith('NULLS_LAST') ? 'last' : dir.endsWith('NULLS_FIRST') ? 'first' : undefined;
    // NOTE: Prisma only accepts `nulls` on nullable columns.
    return { [field]: nulls && nullable.has(field) ? { sort, nulls } : sort };
  });
  if (!(args.order_by ?? []).some((o) => o.field === 'id')) orderBy.push({ id: 'asc' });
  return { take: limit, skip: offset, orderBy };
}

/** Case-insensitive substring match of `search` over the given text columns. */
export function searchWhere(search: string | null | undefined, columns: readonly string[]) {
  const text = search?.trim();
  if (!text) return {};
  return { OR: columns.map((c) => ({ [c]: { contains: text, mode: 'insensitive' } })) };
}
