// Planner statistics kept fresh by the writes that make them stale
// (docs/decisions/015-fresh-statistics.md). PostgreSQL plans a read from each table's
// statistics, which ANALYZE takes and autovacuum renews only after a minute or more (and
// PGlite never). A table filled by a batch before then is planned as if it held a handful of
// rows alike: nested loops over the wrong index, a page of 100 orders in 10 s instead of 1.
// After every committed write, one catalog query finds the tables that grew past twice the size
// their statistics describe (or were never analyzed), and ANALYZE refreshes them. The list
// reads of this process wait for that work when it is under way (at most WAIT_AT_MOST_MS).
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from '../db.ts';
import { inBackground } from './background.ts';
import { afterCommit, beforeEveryCommit } from './transaction.ts';

/** Tables smaller than this many pages (8 KiB each) are left to autovacuum: a scan of them costs nothing. */
const MIN_PAGES = 2;
/** A table is analyzed again once it holds more than this many times the pages its statistics saw. */
const GROWTH = 2;
/** The longest a read waits for a refresh under way before it runs anyway. */
const WAIT_AT_MOST_MS = 3_000;

/**
 * The tables of the schema whose statistics are missing or describe less than 1/GROWTH of
 * their size. `pg_relation_size` reads each table's length from the file system (no scan).
 */
export const STALE_TABLES = `
  SELECT c.relname AS name FROM pg_class c
  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
    AND pg_relation_size(c.oid) >= $1::bigint * current_setting('block_size')::bigint
    AND (c.reltuples < 0 OR pg_relation_size(c.oid) > $2::bigint * c.relpages * current_setting('block_size')::bigint)
  ORDER BY c.relname`;

/** Table names come from the catalogue; quoted anyway. */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The check under way (and the ANALYZE it runs), if any; reads wait for it. */
let running: Promise<void> | null = null;
/** A write committed while the check ran: check once more when it ends. */
let again = false;

/** Finds the stale tables and analyzes them; a table another ANALYZE holds is skipped (that one refreshes it). */
async function refresh(): Promise<void> {
  const stale = await sql<{ name: string }>(STALE_TABLES, MIN_PAGES, GROWTH);
  if (stale.length) await sql(`ANALYZE (SKIP_LOCKED) ${stale.map((t) => quoted(t.name)).join(', ')}`);
}

/** Starts a check once the write's answer is sent: one at a time, one more after it when writes committed meanwhile. */
function checkAfterCommit(): void {
  if (running) {
    again = true;
    return;
  }
  running = inBackground('statistics', refresh).finally(() => {
    running = null;
    if (again) {
      again = false;
      checkAfterCommit();
    }
  });
}

/**
 * Registers the check after every committed transaction of the write path (graph/kit/transaction.ts):
 * wired once where the server starts.
 */
export function keepStatisticsFresh(): void {
  beforeEveryCommit(async () => afterCommit(checkAfterCommit));
}

/**
 * Waits for the check of the last writes, and the ANALYZE it runs, when one is under way in
 * this process: a read planned a moment later would use the old statistics. Never longer than
 * WAIT_AT_MOST_MS; nothing to wait for most of the time.
 */
export async function statisticsSettled(): Promise<void> {
  if (running) await Promise.race([running, sleep(WAIT_AT_MOST_MS)]);
}
