// The delivery workers (docs/decisions/012-events-and-webhooks.md). On a PostgreSQL server:
// graphile-worker runs the `deliver_webhook` jobs, in the app and in every `npm run worker`
// process; each job is locked by one worker, and the attempt's claim (deliver.ts) makes a
// job that runs twice (a worker killed after the POST) attempt nothing. On the embedded
// database (one process only) a loop in the app reads the deliveries that are due.
import { AsyncResource } from 'node:async_hooks';
import type { Logger as WorkerLogger, Runner } from 'graphile-worker';
import { sharedClient } from '../db.ts';
import { env } from '../env.ts';
import { attemptDelivery } from './deliver.ts';
import { DELIVER_TASK, enqueueDeliveries, onDeliveriesQueued, type DeliveryKey } from './queue.ts';
import { write } from '../database/transaction.ts';
import { pruneExpired } from '../events/retention.ts';
import { relayStale } from '../events/relay.ts';
import { noteIfUnavailable } from '../../prisma/availability.ts';

/** A running delivery worker. */
export interface DeliveryWorker {
  stop(): Promise<void>;
}

/** Attempts made at once by one worker. */
const CONCURRENCY = 20;
/** How often the embedded worker looks for due deliveries when nothing nudged it. */
const EMBEDDED_POLL_MS = 500;
/** How often events and deliveries past their keeping time are deleted (as graphile-worker's crontab below). */
const PRUNE_EVERY_MS = 3600_000;
/** How often the embedded worker relays changes left unrelayed (as graphile-worker's requeue below, every minute). */
const RELAY_EVERY_MS = 60_000;

/** Relays the changes a process that died left unrelayed (graph/events/relay.ts); a failure is logged and the next pass tries again. */
async function relayLeft(): Promise<void> {
  try {
    await relayStale();
  } catch (e) {
    if (!noteIfUnavailable(e)) console.error('[events] relaying left changes failed:', e instanceof Error ? e.message : e);
  }
}

/** Deletes what is past its keeping time; a failure is logged and the next pass tries again. */
async function prune(): Promise<void> {
  try {
    await pruneExpired();
  } catch (e) {
    if (!noteIfUnavailable(e)) console.error('[webhooks] deleting expired events failed:', e);
  }
}

/**
 * Queues every pending delivery again (each keeps one job: the job key replaces a waiting
 * one and stands beside a job locked by a worker that died). Run when a worker starts and
 * every minute, so an attempt a killed worker held is made again once its claim expires.
 * Changes left unrelayed are relayed first, which queues their deliveries.
 */
export async function requeuePending(): Promise<number> {
  await relayLeft();
  const pending = await sharedClient().webhookDelivery.findMany({ where: { status: 'PENDING' }, select: { company_id: true, id: true, next_attempt_at: true }, take: 10_000 });
  const keys: DeliveryKey[] = pending.map((d) => ({ company_id: d.company_id, id: d.id, run_at: d.next_attempt_at ?? new Date() }));
  for (let i = 0; i < keys.length; i += 1000) await write((db) => enqueueDeliveries(db, keys.slice(i, i + 1000)));
  return keys.length;
}

/**
 * graphile-worker, loaded on a PostgreSQL server only (the embedded database's loop needs none of
 * it, and a start does not pay for loading it), with its logger: errors to stderr, the rest
 * dropped (the request log is the app's).
 */
async function queueLibrary(): Promise<{ run: typeof import('graphile-worker').run; runMigrations: typeof import('graphile-worker').runMigrations; quiet: WorkerLogger }> {
  const { run, runMigrations, Logger } = await import('graphile-worker');
  const quiet: WorkerLogger = new Logger(() => (level, message) => {
    // A lost database is an outage, logged once for the process (prisma/availability.ts).
    if (level === 'error' && !noteIfUnavailable(message)) console.error(`[webhooks] ${message}`);
  });
  return { run, runMigrations, quiet };
}

/**
 * Installs the queue's schema on a PostgreSQL server, for an app that makes no deliveries itself
 * (WEBHOOKS_IN_APP_WORKER=false): its writes queue deliveries before any worker may have started.
 */
export async function prepareDeliveryQueue(): Promise<void> {
  if (!env().databaseUrl) return;
  const { runMigrations, quiet } = await queueLibrary();
  await runMigrations({ connectionString: env().databaseUrl, logger: quiet });
}

/** Starts graphile-worker on the PostgreSQL server (its schema is installed on the first start). */
async function startQueueWorker(): Promise<DeliveryWorker> {
  const { run, quiet } = await queueLibrary();
  const runner: Runner = await run({
    connectionString: env().databaseUrl,
    concurrency: CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: quiet,
    taskList: {
      [DELIVER_TASK]: async (payload) => {
        await attemptDelivery(payload as DeliveryKey);
      },
      requeue_webhook_deliveries: async () => void (await requeuePending()),
      prune_expired_events: prune,
    },
    // graphile-worker runs each crontab line once per time across all workers.
    crontab: ['* * * * * requeue_webhook_deliveries', '0 * * * * prune_expired_events'].join('\n'),
  });
  await requeuePending();
  void prune();
  return { stop: () => runner.stop() };
}

/** Starts the loop of the embedded database: due deliveries, a few at a time. */
function startEmbeddedWorker(): DeliveryWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    const due = await sharedClient().webhookDelivery.findMany({
      where: { status: 'PENDING', next_attempt_at: { lte: new Date() } },
      orderBy: { next_attempt_at: 'asc' },
      select: { company_id: true, id: true },
      take: CONCURRENCY,
    });
    await Promise.all(due.map((d) => attemptDelivery(d)));
    return due.length;
  };
  const loop = () => {
    if (stopped) return;
    clearTimeout(timer);
    running = running
      .then(tick)
      .then((n) => {
        if (!stopped) timer = setTimeout(loop, n ? 0 : EMBEDDED_POLL_MS);
      })
      .catch((e: unknown) => {
        // A lost database is an outage, logged once (prisma/availability.ts).
        if (!noteIfUnavailable(e)) console.error('[webhooks] delivery loop failed:', e);
        if (!stopped) timer = setTimeout(loop, EMBEDDED_POLL_MS);
      });
  };
  // NOTE: a nudge comes from inside a request's transaction; the loop must not inherit its
  // async context (its unit of work, its statement counter), so it runs in the worker's own.
  const own = new AsyncResource('webhook-delivery-loop');
  onDeliveriesQueued(() =>
    own.runInAsyncScope(() => {
      clearTimeout(timer);
      timer = setTimeout(loop, 20);
    }),
  );
  loop();
  void prune();
  void relayLeft();
  const pruning = setInterval(() => own.runInAsyncScope(prune), PRUNE_EVERY_MS).unref();
  const relaying = setInterval(() => own.runInAsyncScope(relayLeft), RELAY_EVERY_MS).unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(pruning);
      clearInterval(relaying);
      clearTimeout(timer);
      await running;
    },
  };
}

/** Starts the delivery worker of this process: graphile-worker on PostgreSQL, the embedded loop otherwise. */
export function startDeliveryWorker(): Promise<DeliveryWorker> {
  return env().databaseUrl ? startQueueWorker() : Promise.resolve(startEmbeddedWorker());
}
