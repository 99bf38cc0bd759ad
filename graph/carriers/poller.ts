// The tracking poller (docs/tracking.md, Settings; docs/processes/foreign_trade_shipment.md, How often): every
// TRACKING_POLL_INTERVAL_SECONDS it claims the due shipments, TRACKING_POLL_BATCH at a time,
// and looks them up with their carriers, LOOKUPS_AT_ONCE at a time, until none is due. A claim
// moves the shipment's next check one interval ahead in the same statement that picks it
// (FOR UPDATE SKIP LOCKED), so any number of processes on one PostgreSQL server (the apps and
// `npm run worker`) never look a shipment up twice in an interval; a claimed lookup that could
// not start within three quarters of the interval is left to the next claim. The embedded
// database runs it in its one process. Finished, canceled and deleted processes are not looked up.
import { AsyncResource } from 'node:async_hooks';
import { env } from '../env.ts';
import { write } from '../database/transaction.ts';
import { applyOutcomes, type ShipmentOutcome } from './apply.ts';
import { askCarrier, planLookups } from './lookup.ts';

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

/** Lookups of one poll running at once: carriers answer in parallel, the database's pool is shared with the relays. */
export const LOOKUPS_AT_ONCE = 8;

/** Runs `work` on every item, `limit` at a time. */
async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

/**
 * One poll: claims the due shipments a batch at a time, reads how to look them up (two
 * statements a batch), asks their carriers LOOKUPS_AT_ONCE at a time, then applies the batch's
 * answers (graph/carriers/apply.ts, a group of shipments a transaction), until a claim finds
 * fewer than a batch, the poll has run one interval, or `stopping()`. A failure is logged and
 * the others go on. Answers how many were looked up.
 */
export async function pollOnce(stopping: () => boolean = () => false): Promise<number> {
  const { trackingPollBatch: batch, trackingPollIntervalMs: interval } = env();
  const started = Date.now();
  let looked = 0;
  for (;;) {
    const claimedAt = Date.now();
    const due = await claimDue(batch, interval);
    // Past three quarters of the interval another process may claim the shipment again.
    const startBy = claimedAt + interval * 0.75;
    const outcomes: ShipmentOutcome[] = [];
    await eachAtMost(await planLookups(due), LOOKUPS_AT_ONCE, async (p) => {
      if (stopping() || Date.now() > startBy) return;
      looked += 1;
      try {
        const asked = await askCarrier(p);
        if (asked !== 'recorded') outcomes.push(asked);
      } catch (e) {
        console.error('[tracking] lookup failed:', e instanceof Error ? e.message : e);
      }
    });
    // Applied together, a group per transaction: a group's events are relayed in one pass.
    try {
      await applyOutcomes(outcomes, interval);
    } catch (e) {
      console.error('[tracking] applying lookups failed:', e instanceof Error ? e.message : e);
    }
    if (due.length < batch || stopping() || Date.now() - started >= interval) return looked;
  }
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
      running = pollOnce(() => stopped).catch((e: unknown) => console.error('[tracking] poll failed:', e instanceof Error ? e.message : e)).finally(schedule);
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
