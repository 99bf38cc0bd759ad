// The relay of the events outbox (docs/decisions/012-events-and-webhooks.md, points 1 and 2).
// A change's transaction leaves its captured rows in `event_changes` (outbox.ts); once it has
// committed, a relay takes them out, classifies them (catalogue.ts), renders each resource as
// its GET route answers it (render.ts) and writes the complete events, their deliveries and
// their live notices, all in one transaction. No other transaction may change a resource while
// its rows wait here, so what is rendered is exactly what the change committed.
//
// Who relays: the writing process, right after its request has answered (or 100 ms after the
// commit, graph/database/background.ts); a writer that meets another transaction's rows of the same
// resource (outbox.ts); a reader of the events (GET /api/events, GraphQL `events`), for its
// company, so an event is listed as soon as its change has answered; and the delivery workers,
// for rows left more than a few seconds (their writer died). Two relays of the same
// transaction never both write its events: the second waits for the first's rows and finds
// them gone. Relays of one company number its events in the order they commit (the feed
// lock, lockCompanyFeeds), so a reader's cursor never passes an event committed later.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { sql } from '../db.ts';
import { env } from '../env.ts';
import { inBackground } from '../database/background.ts';
import { insertSelect } from '../database/set-rows.ts';
import { requestScope } from '../request/request-scope.ts';
import { statisticsSettled } from '../database/statistics.ts';
import { beforeEveryTransaction, snapshot, write, type Tx } from '../database/transaction.ts';
import { eventsOf, resourceOf, type PendingEvent } from './catalogue.ts';
import { resourceKey, type Renderer } from './render.ts';
import { takeOut } from './take-out.ts';
import { noteIfUnavailable } from '../../prisma/availability.ts';

/** New public event ids: `evt_` and 24 hex digits each, from one draw of random bytes. */
export function newEventIds(count: number): string[] {
  const hex = randomBytes(12 * count).toString('hex');
  return Array.from({ length: count }, (_, i) => `evt_${hex.slice(24 * i, 24 * (i + 1))}`);
}

/** A new public event id. */
export const newEventId = (): string => newEventIds(1)[0];

/** The channel that tells listening processes which events were written (graph/events/live.ts). */
export const EVENTS_CHANNEL = 'tt_events';
/** Event ids per notice: a NOTIFY payload holds at most 8,000 bytes. */
const IDS_PER_NOTICE = 200;
/** Transactions relayed by one statement. */
const TRANSACTIONS_PER_RELAY = 100;
/** The second key of a company's feed lock (the first is the company), beside the write path's key locks (graph/database/locks.ts). */
const FEED_LOCK = 'events:feed';
/** Captured rows older than this were left by a writer that died (or wrote outside a request). */
const STALE_SECONDS = 5;

/** A webhook endpoint of a company events were written for, and the types it is subscribed to. */
export interface Subscriber {
  company_id: number;
  id: number;
  events: string[];
}

/** An event as written. */
export interface RecordedEvent {
  company_id: number;
  id: string;
  type: string;
  payload: Prisma.InputJsonValue;
  resource_id: number | null;
  resource_reference_code: string | null;
  created_at: Date;
}

/**
 * Reacts to the events the relay writes, inside its transaction, given the webhook endpoints
 * of their companies (the deliveries, graph/webhooks/fan-out.ts).
 */
export type EventsListener = (tx: Tx, events: RecordedEvent[], subscribers: Subscriber[]) => Promise<void>;

/** What the relay is given by its process's composition root (graph/wiring.ts). */
export interface RelayParts {
  /** Renders the changed resources as their GET routes answer them (render.ts). */
  render: Renderer;
  /** Work to do with every relay's events before it commits (the webhook deliveries). */
  listeners: readonly EventsListener[];
}
let parts: RelayParts | undefined;

/**
 * Starts the relay of this process with its parts. From then on, a request's write waits for
 * the relays of its company's earlier writes in this process before it opens its transaction,
 * rather than meeting them not relayed and running twice.
 */
export function startRelay(given: RelayParts): void {
  parts = given;
  beforeEveryTransaction(waitForCompanyRelays);
}

function started(): RelayParts {
  if (!parts) throw new Error('the events relay was not started: the process entry wires the write path (graph/wiring.ts)');
  return parts;
}

/**
 * Writes events in one statement with one parameter (graph/database/set-rows.ts), in their order
 * (`seq`). The same statement sends the notices of live subscriptions, `{"c": company, "ids":
 * [...]}` on EVENTS_CHANNEL (PostgreSQL delivers them at the commit), and answers the active
 * webhook endpoints of the companies written for: most companies have none, so finding none
 * costs no statement of its own (graph/webhooks/fan-out.ts).
 */
async function insertEvents(tx: Tx, rows: RecordedEvent[]): Promise<Subscriber[]> {
  const [answer] = await tx.$queryRawUnsafe<{ subscribers: Subscriber[] | null }[]>(
    `WITH written AS (
       ${insertSelect('events', ['company_id', 'id', 'type', 'payload', 'resource_id', 'resource_reference_code', 'created_at'])}
       RETURNING company_id, seq, id
     ), numbered AS (
       SELECT company_id, id, seq, (row_number() OVER (PARTITION BY company_id ORDER BY seq) - 1) / ${IDS_PER_NOTICE} AS part FROM written
     ), notified AS (
       SELECT count(pg_notify('${EVENTS_CHANNEL}', json_build_object('c', company_id, 'ids', ids)::text)) AS notices
       FROM (SELECT company_id, part, array_agg(id ORDER BY seq) AS ids FROM numbered GROUP BY company_id, part) AS notices
     )
     SELECT (SELECT notices FROM notified) AS notices, (
       SELECT json_agg(json_build_object('company_id', w.company_id, 'id', w.id, 'events', w.events)) FROM webhook_endpoints w
       WHERE w.company_id IN (SELECT DISTINCT company_id FROM written) AND w.deleted_at IS NULL AND w.disabled_at IS NULL
     ) AS subscribers`,
    JSON.stringify(rows),
  );
  return answer.subscribers ?? [];
}

/**
 * Takes the feed lock of each company the events are written for, in company order (two
 * relays of several companies never deadlock), held until the relay commits. Numbers (`seq`)
 * are drawn after it, so within a company they are drawn in the order the relays commit, and
 * PostgreSQL shows a commit before it releases its locks: a reader who has read event N never
 * finds an event below N committed later (docs/webhooks.md, "Keeping a copy in sync";
 * docs/decisions/012-events-and-webhooks.md, amendment of 2026-11-27). Only the insert, the
 * listeners' rows and the commit run under it; taking out and rendering do not. On the
 * embedded database (one transaction at a time) it is never contended.
 */
async function lockCompanyFeeds(tx: Tx, rows: readonly RecordedEvent[]): Promise<void> {
  const companies = [...new Set(rows.map((r) => r.company_id))];
  await tx.$queryRawUnsafe(
    `SELECT count(*)::int AS n FROM (
       SELECT pg_advisory_xact_lock(c, hashtext('${FEED_LOCK}')) FROM (SELECT DISTINCT c FROM unnest($1::int[]) AS c ORDER BY 1) AS ordered
     ) AS locked`,
    companies,
  );
}

/** The payload of an event: `data` (given by the catalogue or rendered), what else it is about, and `previous`. */
function payloadOf(event: PendingEvent, data: unknown): Prisma.InputJsonValue {
  return { data: data ?? null, ...event.extra, ...(event.previous ? { previous: event.previous } : {}) } as Prisma.InputJsonValue;
}

/**
 * Relays committed transactions: takes their captured rows out, classifies each
 * transaction's, renders the resources (one statement per kind, graph/events/render.ts) and
 * writes the events and what listens to them, in one transaction. Answers how many events it wrote.
 */
async function relay(txids: readonly string[]): Promise<number> {
  if (!txids.length) return 0;
  return write(async (tx) => {
    // Each event dates from its change: when that transaction began, as `now()` in it did.
    const events = (await takeOut(tx, txids)).flatMap((rows) => eventsOf(rows).map((e) => ({ ...e, created_at: new Date(rows[0].created_at) })));
    if (!events.length) return 0;
    const resources = events.flatMap((e) => (e.resource && !e.data ? [{ company_id: e.company_id, ...e.resource }] : []));
    const rendered = resources.length ? await snapshot(() => started().render(resources)) : new Map<string, unknown>();
    const ids = newEventIds(events.length);
    const rows: RecordedEvent[] = events.map((e, i) => {
      const data = e.data ?? (e.resource ? rendered.get(resourceKey({ company_id: e.company_id, ...e.resource })) : null);
      return { company_id: e.company_id, id: ids[i], type: e.type, payload: payloadOf(e, data), ...resourceOf(e.type, data), created_at: e.created_at };
    });
    await lockCompanyFeeds(tx, rows);
    const subscribers = await insertEvents(tx, rows);
    for (const listener of started().listeners) await listener(tx, rows, subscribers);
    return rows.length;
  }, { relay: true });
}

/** A relay running in this process: its transaction and companies, and the request whose commit started it. */
interface Running {
  done: Promise<void>;
  request: string | undefined;
  txid: string;
  companies: Set<number>;
}
/** Relays running in this process (a handful at a time): writers and readers wait for them here. */
const running = new Set<Running>();

/**
 * What a writer or reader may wait for: a relay starts once its request has answered (or 100
 * ms after the commit), so the request's own (a later mutation of the same GraphQL document)
 * is not waited for but relayed by the writer itself.
 */
const awaitable = (r: Running) => r.request !== requestScope.getStore()?.id;

/** Waits for the relays running in this process that `which` picks, but not the request's own. */
async function waitFor(which: (r: Running) => boolean): Promise<void> {
  await Promise.all([...running].filter((r) => awaitable(r) && which(r)).map((r) => r.done));
}

/**
 * Relays a transaction that just committed, in the background (EVENTS_RELAY_DELAY_MS holds
 * it back, for tests of what happens meanwhile). A failure is logged; the workers relay what
 * is left.
 */
export function relayAfterCommit(txid: string, companies: number[]): void {
  const delay = env().eventsRelayDelayMs;
  const done = inBackground('events', async () => {
    if (delay) await sleep(delay);
    // Its renders read what the write changed: planned on the statistics a batch just made stale, they could take seconds (graph/database/statistics.ts).
    await statisticsSettled();
    await relay([txid]);
  });
  const entry: Running = { done, request: requestScope.getStore()?.id, txid, companies: new Set(companies) };
  running.add(entry);
  void done.finally(() => running.delete(entry));
}

/**
 * Makes sure the given committed transactions are relayed: those being relayed in this
 * process for another request are waited for, the others (this request's own, another
 * process's, or a dead one's) are relayed here. Never throws (relayEach logs a failure): a
 * writer waiting for them tries again, for 15 s at most (graph/database/transaction.ts), and is
 * told 409 if they stay.
 */
export async function settleTransactions(txids: string[]): Promise<void> {
  await waitFor((r) => txids.includes(r.txid));
  await relayEach(txids);
}

/** A request's write waits for the relays of its company's earlier writes in this process. */
async function waitForCompanyRelays(): Promise<void> {
  const company = requestScope.getStore()?.companyId;
  if (company !== undefined) await waitFor((r) => r.companies.has(company));
}

/**
 * Relays transactions together, or, when that fails, each alone: one that cannot be relayed
 * (logged) does not hold the others back. Answers how many events were written and whether
 * every transaction was relayed.
 */
async function relayEach(txids: readonly string[]): Promise<{ written: number; failed: boolean }> {
  try {
    return { written: await relay(txids), failed: false };
  } catch (e) {
    if (txids.length === 1) {
      // A database that cannot be used is an outage, logged once (prisma/availability.ts).
      if (!noteIfUnavailable(e)) console.error(`[events] relaying transaction ${txids[0]} failed (the workers try again every minute):`, e instanceof Error ? e.message : e);
      return { written: 0, failed: true };
    }
    let written = 0;
    let failed = false;
    for (const txid of txids) {
      const one = await relayEach([txid]);
      written += one.written;
      failed ||= one.failed;
    }
    return { written, failed };
  }
}

/**
 * Relays, `TRANSACTIONS_PER_RELAY` at a time, the committed transactions `find` (SQL answering
 * `txid`) picks, until none is left or one could not be relayed (it would come first again).
 */
async function relayAll(find: string, ...values: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const txids = (await sql<{ txid: string }>(`SELECT txid::text AS txid FROM event_changes WHERE ${find} GROUP BY txid ORDER BY min(seq) LIMIT ${TRANSACTIONS_PER_RELAY}`, ...values)).map((r) => r.txid);
    const { written, failed } = await relayEach(txids);
    total += written;
    if (failed || txids.length < TRANSACTIONS_PER_RELAY) return total;
  }
}

/**
 * Relays every committed change of a company not relayed yet: what a reader of the company's
 * events does first, so a change that has answered is listed. A relay of the same rows
 * running meanwhile is waited for by the database (its rows are locked until it commits).
 */
export async function relayCompany(companyId: number): Promise<void> {
  await relayAll('company_id = $1', companyId);
}

/**
 * Relays the changes left by a writer that died before relaying them (captured more than a
 * few seconds ago), oldest first; run by the delivery workers when they start and every
 * minute. Answers how many events were written.
 */
export async function relayStale(): Promise<number> {
  return relayAll(`created_at < now() - make_interval(secs => ${STALE_SECONDS})`);
}
