// The tracking poller (docs/tracking.md, How often): every TRACKING_POLL_INTERVAL_SECONDS it
// claims the due shipments (at most TRACKING_POLL_BATCH) and looks each up with its carrier. A
// claim moves the shipment's next check one interval ahead in the same statement that picks
// it (FOR UPDATE SKIP LOCKED), so any number of processes on one PostgreSQL server never
// look a shipment up twice in an interval; the embedded database runs it in its one process.
// Finished, canceled and deleted processes are not looked up.
import { AsyncResource } from 'node:async_hooks';
import { env } from '../env.ts';
import { write } from '../kit/transaction.ts';
import { lookupShipment } from './lookup.ts';

/** A running poller. */
export interface TrackingPoller {
  stop(): Promise<void>;
}

/** Claims the shipments due now: moves their next check ahead and answers them. */
export async function claimDue(batch: number, intervalMs: number): Promise<{ company_id: number; id: number }[]> {
  return write((db) =>
    db.$queryRaw<{ company_id: number; id: number }[]>`
      UPDATE foreign_trade_shipments f SET tracking_next_check_at = now() + make_interval(secs => ${intervalMs / 1000}::float8)
      FROM (
        SELECT s.company_id, s.id FROM foreign_trade_shipments s
        JOIN processes p ON p.company_id = s.company_id AND p.id = s.process_id
        JOIN maritime_transport_shipments m ON m.company_id = s.company_id AND m.shipment_id = s.id
        JOIN sealines l ON l.id = m.sealine_id
        JOIN carrier_connections c ON c.company_id = s.company_id AND c.scac = l.scac
        WHERE s.automatic_tracking_enabled AND s.type = 'MARITIME_TRANSPORT'
          AND p.deleted_at IS NULL AND p.canceled_at IS NULL AND p.finished_at IS NULL
          AND (s.tracking_next_check_at IS NULL OR s.tracking_next_check_at <= now())
        ORDER BY s.tracking_next_check_at NULLS FIRST
        LIMIT ${batch}
        FOR UPDATE OF s SKIP LOCKED
      ) due
      WHERE f.company_id = due.company_id AND f.id = due.id
      RETURNING f.company_id, f.id`,
  );
}

/** One poll: the due shipments, looked up one after the other; a failure is logged and the next poll goes on. */
export async function pollOnce(): Promise<number> {
  const due = await claimDue(env().trackingPollBatch, env().trackingPollIntervalMs);
  for (const s of due) {
    try {
      await lookupShipment(s.company_id, s.id);
    } catch (e) {
      console.error('[tracking] lookup failed:', e instanceof Error ? e.message : e);
    }
  }
  return due.length;
}

/** Starts polling every interval (the first poll one interval after the start). */
export function startTrackingPoller(): TrackingPoller {
  const own = new AsyncResource('tracking-poller');
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => own.runInAsyncScope(() => {
      running = pollOnce().catch((e: unknown) => console.error('[tracking] poll failed:', e instanceof Error ? e.message : e)).finally(schedule);
    }), env().trackingPollIntervalMs);
    timer.unref();
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
