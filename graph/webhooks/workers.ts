// The delivery worker (docs/decisions/012-events-and-webhooks.md, point 4): one loop, the same
// on PostgreSQL and on the embedded database, in the app and in every `npm run worker`
// process. It claims due deliveries (claim.ts), 20 attempts at once at most, when a
// transaction that made some due commits (queue.ts) and every half second (a retry whose time
// came, a delivery whose worker died mid-attempt); it relays the changes left unrelayed when
// it starts and every minute, and deletes what is past its keeping time when it starts and
// every hour. Stopping waits for the attempts under way.
import { AsyncResource } from 'node:async_hooks';
import { openedDatabase } from '../db.ts';
import { claimDue, type Claimed } from './claim.ts';
import { attemptClaimed } from './deliver.ts';
import { DELIVERIES_CHANNEL } from './queue.ts';
import { pruneExpired } from '../events/retention.ts';
import { relayStale } from '../events/relay.ts';
import { noteIfUnavailable } from '../../prisma/availability.ts';

/** A running delivery worker. */
export interface DeliveryWorker {
  stop(): Promise<void>;
}

/** Attempts made at once by one worker. */
const CONCURRENCY = 20;
/** How often the worker looks for due deliveries when no notice woke it. */
const POLL_MS = 500;
/** How often events and deliveries past their keeping time are deleted. */
const PRUNE_EVERY_MS = 3600_000;
/** How often changes left unrelayed are relayed. */
const RELAY_EVERY_MS = 60_000;

/** Runs `task`; a failure is logged (a lost database once, prisma/availability.ts) and the next pass tries again. */
async function logged(what: string, task: () => Promise<unknown>): Promise<void> {
  try {
    await task();
  } catch (e) {
    if (!noteIfUnavailable(e)) console.error(`${what} failed:`, e instanceof Error ? e.message : e);
  }
}

/** Relays the changes a process that died left unrelayed (graph/events/relay.ts). */
const relayLeft = () => logged('[events] relaying left changes', relayStale);
/** Deletes what is past its keeping time (graph/events/retention.ts). */
const prune = () => logged('[webhooks] deleting expired events', pruneExpired);

/**
 * The loop's passes: each claims as many due deliveries as there are free places and starts
 * their attempts. One pass runs at a time; a wake-up during a pass runs another after it.
 */
function deliveryPasses() {
  const attempts = new Set<Promise<void>>();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  /** The last pass filled every free place: more may be due once one frees. */
  let full = false;
  let timer: NodeJS.Timeout | undefined;

  const start = (claimed: Claimed) => {
    const attempt = logged('[webhooks] delivery attempt', () => attemptClaimed(claimed)).finally(() => {
      attempts.delete(attempt);
      if (full) wake();
    });
    attempts.add(attempt);
  };
  const pass = async () => {
    const free = CONCURRENCY - attempts.size;
    full = free <= 0;
    if (full) return;
    const claimed = await claimDue(free);
    full = claimed.length === free;
    claimed.forEach(start);
  };
  const wake = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = logged('[webhooks] delivery loop', pass).finally(() => {
      running = undefined;
      if (stopped) return;
      if (again) {
        again = false;
        wake();
      } else timer = setTimeout(wake, POLL_MS);
    });
  };
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await Promise.all(attempts);
  };
  return { wake, stop };
}

/** Starts the delivery worker of this process. */
export async function startDeliveryWorker(): Promise<DeliveryWorker> {
  // NOTE: a notice may arrive inside a request's query (on the embedded database); the loop
  // must not inherit its async context (its unit of work, its statement counter), so all of
  // it runs in the worker's own.
  const own = new AsyncResource('webhook-delivery-worker');
  const passes = deliveryPasses();
  /** The relays and prunes under way, waited for by a stop. */
  const chores = new Set<Promise<void>>();
  const chore = (task: () => Promise<void>) =>
    own.runInAsyncScope(() => {
      const running = task().finally(() => chores.delete(running));
      chores.add(running);
    });
  const unlisten = await (await openedDatabase()).listen(DELIVERIES_CHANNEL, () => own.runInAsyncScope(() => setImmediate(passes.wake)));
  const pruning = setInterval(() => chore(prune), PRUNE_EVERY_MS).unref();
  const relaying = setInterval(() => chore(relayLeft), RELAY_EVERY_MS).unref();
  own.runInAsyncScope(passes.wake);
  chore(relayLeft);
  chore(prune);
  return {
    stop: async () => {
      clearInterval(pruning);
      clearInterval(relaying);
      await unlisten();
      await passes.stop();
      await Promise.all(chores);
    },
  };
}
