// The orders process writes link (docs/processes/index.md, "order_ids" and
// "order_reference_codes"): every order a batch names is read in one statement, whatever the
// batch's size (docs/decisions/010-write-path.md, "Writes by set"), then each process's links
// are checked against what was found.
import type { Tx } from '../database/transaction.ts';
import { type FieldErrors, fieldMessages } from '../errors.ts';
import type { ProcessInput } from './stored.ts';

/** The live orders of the operation that a batch names: by id, and by reference code. */
export interface NamedOrders {
  ids: Set<number>;
  byCode: Map<string, number>;
}

/** Reads the live orders of the operation named by any process of `list`, in one statement (none when no process names one). */
export async function namedOrders(db: Tx, companyId: number, operationId: number, list: readonly ProcessInput[]): Promise<NamedOrders> {
  const ids = [...new Set(list.flatMap((p) => p.order_ids ?? []))];
  const codes = [...new Set(list.flatMap((p) => p.order_reference_codes ?? []))];
  if (!ids.length && !codes.length) return { ids: new Set(), byCode: new Map() };
  const rows = await db.order.findMany({
    where: {
      company_id: companyId,
      operation_id: operationId,
      deleted_at: null,
      OR: [...(ids.length ? [{ id: { in: ids } }] : []), ...(codes.length ? [{ reference_code: { in: codes } }] : [])],
    },
    select: { id: true, reference_code: true },
  });
  return { ids: new Set(rows.map((r) => r.id)), byCode: new Map(rows.map((r) => [r.reference_code, r.id])) };
}

/**
 * The orders one process links, or undefined when it sends neither list (the stored links stay);
 * a name not found is an error on its place in the list (`order_ids.0`: `does not exist`).
 */
export function linkedOrderIds(params: ProcessInput, orders: NamedOrders, errors: FieldErrors, prefix: string): number[] | undefined {
  if (params.order_ids != null && params.order_reference_codes != null) {
    errors.add(`${prefix}order_reference_codes`, fieldMessages.invalid);
    return undefined;
  }
  if (params.order_ids != null) {
    params.order_ids.forEach((id, i) => orders.ids.has(id) || errors.add(`${prefix}order_ids.${i}`, fieldMessages.missing));
    return [...new Set(params.order_ids.filter((id) => orders.ids.has(id)))];
  }
  if (params.order_reference_codes != null) {
    params.order_reference_codes.forEach((c, i) => orders.byCode.has(c) || errors.add(`${prefix}order_reference_codes.${i}`, fieldMessages.missing));
    return [...new Set(params.order_reference_codes.flatMap((c) => orders.byCode.get(c) ?? []))];
  }
  return undefined;
}
