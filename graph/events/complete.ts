// An event's `data` is its resource as the GET route answers it once the change committed
// (docs/decisions/012-events-and-webhooks.md, point 2). The outbox writes the event in the
// change's transaction with everything else (type, `previous`, what it is about) and marks it
// `pending` with the resource; right after the commit the writing process renders the
// resource, outside the transaction, and completes the event: its `data`, and the bodies of
// its deliveries (queued from then on). Readers meeting an event still pending (the events
// list, live subscriptions) render its `data` themselves with `withData`. The resource cannot
// change meanwhile (a write of it waits, graph/events/outbox.ts), so `data` is exactly the
// state the change committed, however late it is rendered. Workers complete what a process
// that died left pending.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Event, Prisma } from '../../prisma/generated/client/client.ts';
import { prisma, sharedClient } from '../db.ts';
import { env } from '../env.ts';
import { inBackground } from '../kit/background.ts';
import { requestScope } from '../kit/request-scope.ts';
import { beforeEveryTransaction, snapshot, write, type Tx } from '../kit/transaction.ts';
import { eventBody } from '../webhooks/body.ts';
import { enqueueDeliveries } from '../webhooks/queue.ts';
import type { Resource } from './catalogue.ts';
import { renderResources, resourceKey } from './render.ts';

/** An event of a company. */
export interface EventKey {
  company_id: number;
  id: string;
}

/** Events pending longer than this are taken up by the workers (their writer must have died). */
const STALE_MS = 5_000;
/** Events completed by one statement. */
const BATCH = 500;

/** The key an event is found by in this module's maps and answers. */
export const keyOf = (e: EventKey) => `${e.company_id}:${e.id}`;

/** A completion running in this process: its events, and the request whose commit started it. */
interface Running {
  done: Promise<void>;
  request: string | undefined;
  events: Set<string>;
  companies: Set<number>;
}
/** Completions running in this process (a handful at a time): writers wait for them here. */
const running = new Set<Running>();

/**
 * What a writer may wait for: a completion starts once its request has answered (or 100 ms
 * after its commit, graph/kit/background.ts), so the request's own (a later mutation of the
 * same GraphQL document) is not waited for but completed by the writer itself.
 */
const awaitable = (r: Running) => r.request !== requestScope.getStore()?.id;

/** A pending event as stored. */
interface PendingRow {
  company_id: number;
  id: string;
  pending: Resource;
}

/** The resources of pending events rendered as their GET routes answer them, on one snapshot; null for one that is gone. */
export async function dataOf(rows: PendingRow[]): Promise<Map<string, unknown>> {
  const rendered = await snapshot(() => renderResources(rows.map((r) => ({ company_id: r.company_id, ...r.pending }))));
  return new Map(rows.map((r) => [keyOf(r), rendered.get(resourceKey({ company_id: r.company_id, ...r.pending })) ?? null]));
}

/**
 * Events of one company as complete: one still pending (committed moments ago, its `data`
 * being rendered) is given its resource's GET answer here. The resource cannot change while
 * the event is pending, so an answer rendered while it still is pending is the `data` it will
 * store; one completed meanwhile is read again.
 */
export async function withData<T extends Event>(rows: T[]): Promise<T[]> {
  const pending = rows.flatMap((r) => (r.pending ? [{ company_id: r.company_id, id: r.id, pending: r.pending as unknown as Resource }] : []));
  if (!pending.length) return rows;
  const data = await dataOf(pending);
  const now = await prisma().event.findMany({ where: { company_id: pending[0].company_id, id: { in: pending.map((p) => p.id) } } });
  const byId = new Map(now.map((e) => [e.id, e]));
  // NOTE: rows are changed in place: the GraphQL layer knows the rows it read (a copy would
  // have its `payload` read again from the database).
  for (const r of rows) {
    if (!r.pending) continue;
    const stored = byId.get(r.id);
    r.payload = stored && !stored.pending ? stored.payload : ({ ...(r.payload as object), data: data.get(keyOf(r)) ?? null } as Prisma.JsonObject);
  }
  return rows;
}

/** Completes pending events: `data` added, deliveries given their body and queued. */
async function complete(rows: PendingRow[]): Promise<void> {
  if (!rows.length) return;
  const data = await dataOf(rows);
  await write(async (tx: Tx) => {
    const completed = await tx.$queryRawUnsafe<{ company_id: number; seq: bigint; id: string; type: string; payload: Prisma.JsonObject; created_at: Date }[]>(
      `WITH x AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(company_id int, id varchar, data jsonb)),
       done AS (
         UPDATE events e SET payload = e.payload || jsonb_build_object('data', x.data), pending = NULL
         FROM x WHERE e.company_id = x.company_id AND e.id = x.id AND e.pending IS NOT NULL
         RETURNING e.company_id, e.seq, e.id, e.type, e.payload, e.created_at
       )
       SELECT * FROM done`,
      JSON.stringify(rows.map((r) => ({ company_id: r.company_id, id: r.id, data: data.get(keyOf(r)) }))),
    );
    if (!completed.length) return;
    const bodies = completed.map((e) => ({ company_id: e.company_id, event_id: e.id, body: eventBody(e) }));
    const queued = await tx.$queryRawUnsafe<{ company_id: number; id: number }[]>(
      `UPDATE webhook_deliveries d SET body = x.body
       FROM jsonb_to_recordset($1::jsonb) AS x(company_id int, event_id varchar, body text)
       WHERE d.company_id = x.company_id AND d.event_id = x.event_id AND d.body IS NULL
       RETURNING d.company_id, d.id`,
      JSON.stringify(bodies),
    );
    await enqueueDeliveries(tx, queued);
  });
}

/** Reads the events still pending among `keys`. */
async function stillPending(keys: EventKey[]): Promise<PendingRow[]> {
  if (!keys.length) return [];
  return sharedClient().$queryRawUnsafe<PendingRow[]>(
    `SELECT e.company_id, e.id, e.pending FROM events e
     JOIN jsonb_to_recordset($1::jsonb) AS x(company_id int, id varchar) ON e.company_id = x.company_id AND e.id = x.id
     WHERE e.pending IS NOT NULL`,
    JSON.stringify(keys),
  );
}

/**
 * Completes events of a transaction that just committed, in the background; answers when
 * they are complete (or failed: logged, and the workers take them up).
 */
export function completeAfterCommit(rows: PendingRow[]): void {
  const delay = env().eventsCompletionDelayMs;
  const done = inBackground('events', async () => {
    if (delay) await sleep(delay);
    await complete(rows);
  });
  const entry: Running = { done, request: requestScope.getStore()?.id, events: new Set(rows.map(keyOf)), companies: new Set(rows.map((r) => r.company_id)) };
  running.add(entry);
  void done.finally(() => running.delete(entry));
}

/** Waits for the completions running in this process that `which` picks, but not the request's own. */
async function waitFor(which: (r: Running) => boolean): Promise<void> {
  await Promise.all([...running].filter((r) => awaitable(r) && which(r)).map((r) => r.done));
}

/** A request's write waits for the completions of its company's earlier writes in this process. */
beforeEveryTransaction(async () => {
  const company = requestScope.getStore()?.companyId;
  if (company !== undefined) await waitFor((r) => r.companies.has(company));
});

/**
 * Waits until the events are complete: those being completed in this process for another
 * request are waited for, the others (this request's own, another process's, or a dead
 * one's) are completed here. Never throws: a writer waiting for them tries again, for 15 s
 * at most (graph/kit/transaction.ts), and is told 409 if they stay pending.
 */
export async function settleEvents(keys: EventKey[]): Promise<void> {
  try {
    await waitFor((r) => keys.some((k) => r.events.has(keyOf(k))));
    const left = await stillPending(keys);
    if (left.length) await complete(left);
  } catch (e) {
    console.error('[events] completing events failed:', e instanceof Error ? e.message : e);
  }
}

/**
 * Completes the events left pending by a process that died before completing them (older
 * than a few seconds), oldest first; run by the delivery workers when they start and every
 * minute. Answers how many were completed.
 */
export async function completeStaleEvents(): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await sharedClient().$queryRawUnsafe<PendingRow[]>(
      `SELECT company_id, id, pending FROM events WHERE pending IS NOT NULL AND created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT ${BATCH}`,
      STALE_MS / 1000,
    );
    await complete(rows);
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}
