// Hands deliveries to the delivery workers (docs/decisions/012-events-and-webhooks.md).
import type { Tx } from '../kit/transaction.ts';

/** A delivery to make. */
export interface DeliveryKey {
  company_id: number;
  id: number;
}

/**
 * Hands deliveries to the workers, inside the transaction that made them due. Until the
 * workers exist (next stage of issue 14) a due delivery waits with its `next_attempt_at`.
 */
export async function enqueueDeliveries(_db: Tx, _deliveries: DeliveryKey[]): Promise<void> {}
