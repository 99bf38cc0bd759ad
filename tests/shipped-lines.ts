// What an order line ships, recomputed over HTTP from the shipment items of the live processes
// that ship it (docs/orders.md, balance), to compare with the `balance_shipped` the write path
// keeps on the line.
import { addDecimal, zeroLike } from '../graph/decimal.ts';
import type { client } from './helpers.ts';

type Client = ReturnType<typeof client>;

/** One line of an order as read, with what its live processes ship of it. */
export interface LineShipped {
  line_reference: string;
  quantity: string;
  balance: string;
  balance_shipped: string;
  /** The sum of the items of live (not deleted, not canceled) processes, at `balance_shipped`'s scale rule. */
  recomputed: string;
}

/**
 * The lines of purchase order `orderId`, each with the sum of the items of `processes` that ship
 * it; a process that answers 404 is deleted, one with `canceled_at` is canceled: neither ships.
 */
export async function shippedOfOrder(C: Client, op: number, orderId: number, processes: readonly number[]): Promise<LineShipped[]> {
  const order = await C.get(`/operations/${op}/orders/${orderId}`);
  if (order.status !== 200) throw new Error(`order ${orderId}: ${order.status}`);
  const lines: { id: number; line_reference: string; quantity: string; balance: string; balance_shipped: string }[] = order.body.data.purchase_order.items;
  const sums = new Map(lines.map((l) => [l.id, zeroLike(l.quantity)]));
  for (const id of processes) {
    const p = await C.get(`/operations/${op}/processes/${id}`);
    if (p.status === 404) continue;
    if (p.status !== 200) throw new Error(`process ${id}: ${p.status}`);
    if (p.body.data.canceled_at) continue;
    for (const item of p.body.data.foreign_trade_shipment?.items ?? []) {
      if (item.quantity !== null && sums.has(item.purchase_order_item_id)) sums.set(item.purchase_order_item_id, addDecimal(sums.get(item.purchase_order_item_id)!, item.quantity));
    }
  }
  return lines.map((l) => ({ line_reference: l.line_reference, quantity: l.quantity, balance: l.balance, balance_shipped: l.balance_shipped, recomputed: sums.get(l.id)! }));
}
