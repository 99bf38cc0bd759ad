// Wakes the delivery workers (docs/decisions/012-events-and-webhooks.md, point 4). The queue
// is the deliveries themselves: a pending delivery is due at its `next_attempt_at`, and every
// worker claims due ones (claim.ts). A transaction that makes deliveries due now notifies
// DELIVERIES_CHANNEL; PostgreSQL delivers the notice when it commits (a rolled-back change
// wakes no one), to every process listening on a server and to this one on the embedded
// database. Deliveries due later (a retry) are found by the workers' poll.
import type { Tx } from '../database/transaction.ts';

/** A delivery made due; `run_at` when it is not due at once. */
export interface DeliveryKey {
  company_id: number;
  id: number;
  run_at?: Date;
}

/** The channel the delivery workers listen on. */
export const DELIVERIES_CHANNEL = 'tt_deliveries';

/** Wakes the workers, at the commit of the open transaction, when any of `deliveries` is due now. */
export async function enqueueDeliveries(db: Tx, deliveries: DeliveryKey[]): Promise<void> {
  const now = Date.now();
  if (!deliveries.some((d) => !d.run_at || d.run_at.getTime() <= now)) return;
  await db.$queryRaw`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')::text AS sent`;
}
