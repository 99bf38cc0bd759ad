// Hands deliveries to the delivery workers (docs/decisions/012-events-and-webhooks.md). On a
// PostgreSQL server the queue is graphile-worker's: jobs are added by SQL inside the
// transaction that made the deliveries due, so a rolled-back change queues nothing. On the
// embedded database the one process's worker (workers.ts) reads due deliveries itself.
import { env } from '../env.ts';
import type { Tx } from '../database/transaction.ts';

/** A delivery to make; `run_at` when it is not due at once. */
export interface DeliveryKey {
  company_id: number;
  id: number;
  run_at?: Date;
}

/** The graphile-worker task that makes one attempt. */
export const DELIVER_TASK = 'deliver_webhook';
/** Attempts graphile-worker makes of a job that throws (a database error, not an endpoint's answer). */
const JOB_ATTEMPTS = 10;

/** Called when deliveries became due in this process (the embedded worker looks sooner). */
let nudge: (() => void) | undefined;

/** Lets the embedded worker know when deliveries were queued. */
export function onDeliveriesQueued(listener: () => void): void {
  nudge = listener;
}

/** The job key of a delivery: one waiting job per delivery however often it is queued. */
export const jobKey = (d: { company_id: number; id: number }) => `webhook-delivery:${d.company_id}:${d.id}`;

/** Queues deliveries in the open transaction, one statement for all of them. */
export async function enqueueDeliveries(db: Tx, deliveries: DeliveryKey[]): Promise<void> {
  if (!deliveries.length) return;
  if (!env().databaseUrl) {
    nudge?.();
    return;
  }
  await db.$queryRaw`
    SELECT count(*)::int AS n FROM graphile_worker.add_jobs((
      SELECT array_agg(ROW(${DELIVER_TASK}::text, json_build_object('company_id', c, 'id', i), NULL::text, r, ${JOB_ATTEMPTS}::smallint, k, NULL::smallint, NULL::text[])::graphile_worker.job_spec)
      FROM unnest(${deliveries.map((d) => d.company_id)}::int[], ${deliveries.map((d) => d.id)}::int[], ${deliveries.map((d) => d.run_at ?? new Date())}::timestamptz[], ${deliveries.map(jobKey)}::text[]) AS t(c, i, r, k)
    ))`;
}
