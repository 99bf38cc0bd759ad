// Planner statistics kept fresh by the writes that make them stale
// (docs/decisions/015-fresh-statistics.md). PostgreSQL plans a read from each table's
// statistics, which ANALYZE takes and autovacuum renews only after a minute or more (PGlite:
// never). A table filled by a batch before then is planned as if it held a row or two: nested
// loops over the wrong index, a page of 100 orders in seconds instead of a fraction of one.
//
// The events outbox already counts, in its one statement per commit, the rows the transaction
// inserted (graph/events/outbox.ts). Once this process has inserted CHECK_EVERY_ROWS rows since
// its last check, one catalog query finds the tables that grew past twice the size their
// statistics describe (or were never analyzed), and ANALYZE refreshes them. A check is rare
// (none for the small writes most requests make) and costs no statement of any request: it
// runs in the background once the write has answered. List reads of this process wait for a
// check under way (at most WAIT_AT_MOST_MS), so a client reading right after its batch is
// planned on the new statistics.
//
// Rows this process did not insert (written by SQL, a restore, or another process of the app)
// are seen by a check that a read starts when none ran for READ_CHECK_AFTER_MS: the query
// waits for it before its snapshot opens (graph/database/before-reading.ts), so it is planned on
// statistics at most that old.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from '../db.ts';
import { inBackground } from './background.ts';
import { afterCommit } from './transaction.ts';

/** Rows inserted by this process's writes between two checks. */
const CHECK_EVERY_ROWS = 100;
/** Tables smaller than this many pages (8 KiB each) are left to autovacuum: a scan of them costs nothing. */
const MIN_PAGES = 1;
/** A table is analyzed again once it holds more than this many times the pages its statistics saw. */
const GROWTH = 2;
/** The longest a read waits for a check under way before it runs anyway. */
const WAIT_AT_MOST_MS = 3_000;
/** A read starts a check when the last one began longer ago than this. */
const READ_CHECK_AFTER_MS = 10_000;

/**
 * The tables of the schema whose statistics are missing or describe less than 1/GROWTH of
 * their size. `pg_relation_size` reads each table's length from the file system (no scan).
 */
const STALE_TABLES = `
  SELECT c.relname AS name FROM pg_class c
  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
    AND pg_relation_size(c.oid) >= $1::bigint * current_setting('block_size')::bigint
    AND (c.reltuples < 0 OR pg_relation_size(c.oid) > $2::bigint * c.relpages * current_setting('block_size')::bigint)
  ORDER BY c.relname`;

/** Table names come from the catalogue; quoted anyway. */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows inserted since the last check began. */
let insertedSinceCheck = 0;
/** The check under way (and the ANALYZE it runs), if any; reads wait for it. */
let running: Promise<void> | null = null;
/** Enough rows were inserted while a check ran: check once more when it ends. */
let again = false;
/** When the last check began (performance.now()); none yet: -Infinity. */
let lastCheckAt = -Infinity;

/** Finds the stale tables and analyzes them; a table another ANALYZE holds is skipped (that one refreshes it). */
async function refresh(): Promise<void> {
  const stale = await sql<{ name: string }>(STALE_TABLES, MIN_PAGES, GROWTH);
  if (stale.length) await sql(`ANALYZE (SKIP_LOCKED) ${stale.map((t) => quoted(t.name)).join(', ')}`);
}

/**
 * Starts a check (in the background, after the answer; at once for a read, which waits for it):
 * one at a time, one more after it when needed.
 */
function check(forRead = false): void {
  if (running) {
    if (!forRead) again = true;
    return;
  }
  insertedSinceCheck = 0;
  lastCheckAt = performance.now();
  running = inBackground('statistics', refresh, { now: forRead }).finally(() => {
    running = null;
    if (again) {
      again = false;
      check();
    }
  });
}

/**
 * Counts the rows the open transaction of the write path inserted (called by the events
 * outbox, inside the transaction): once CHECK_EVERY_ROWS have been inserted since the last
 * check, a check starts when it commits.
 */
export function noteRowsInserted(rows: number): void {
  if (rows <= 0) return;
  insertedSinceCheck += rows;
  if (insertedSinceCheck >= CHECK_EVERY_ROWS) afterCommit(check);
}

/**
 * Waits for the check of the last writes, and the ANALYZE it runs, when one is under way in
 * this process: a read planned a moment earlier would use the old statistics. Never longer
 * than WAIT_AT_MOST_MS; nothing to wait for most of the time.
 */
export async function statisticsSettled(): Promise<void> {
  if (running) await Promise.race([running, sleep(WAIT_AT_MOST_MS)]);
}

/**
 * Before a query's snapshot opens: starts a check when none began in the last
 * READ_CHECK_AFTER_MS (rows written by SQL or by another process, which no write of this
 * process counted), then waits for the check under way like `statisticsSettled()`.
 */
export async function statisticsChecked(): Promise<void> {
  if (!running && performance.now() - lastCheckAt >= READ_CHECK_AFTER_MS) check(true);
  await statisticsSettled();
}
