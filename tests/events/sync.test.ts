// The sync recipe of docs/webhooks.md ("Keeping a copy in sync"): a reader that follows
// GET /api/events from the cursor it kept, and keeps each event's `data` by process, holds
// every process's last version, while long transactions (batch upserts of 60 processes) and
// short ones (one process) overlap from several clients. The reader of the recipe the docs
// gave before (a keyset by `updated_at`, docs/graphql.md) runs beside it on the same writes;
// its count of stale processes is printed for comparison: a row of a long transaction commits
// after shorter ones have moved that cursor past its `updated_at`.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { client, graphql, newCompany, uniq } from '../helpers.ts';
import { readEventsFeed } from '../setup/events-feed.ts';

type Client = ReturnType<typeof client>;

/** Events whose `data` is the process as its GET route answers it (docs/webhooks.md, Event catalogue). */
const PROCESS_EVENT = /^(process|costs|shipment|container|customs)\./;

/** The recipe: follow the events from the cursor kept, and keep the last `data` of each process. */
function eventsReader(C: Client) {
  const copy = new Map<number, unknown>();
  let cursor: string | undefined;
  let events = 0;
  return {
    copy,
    events: () => events,
    /** Reads every event after the cursor kept, page by page, until `has_more` is false. */
    async catchUp(): Promise<void> {
      const read = await readEventsFeed((q) => C.get('/events', q), cursor);
      for (const e of read.events) {
        events += 1;
        if (PROCESS_EVENT.test(e.type)) copy.set(e.data.id, e.data);
      }
      cursor = read.cursor;
    },
  };
}

/** The recipe the docs gave before: a keyset by `updated_at`, continued from the last cursor kept. */
function updatedAtReader(key: string, operationId: number) {
  const copy = new Map<number, unknown>();
  let cursor: string | null = null;
  const query = `query ($op: Int!, $after: String) {
    processesConnection(operation_id: $op, first: 100, after: $after, order_by: [{ field: updated_at }]) {
      edges { node { id extra_fields updated_at } } pageInfo { hasNextPage endCursor } } }`;
  return {
    copy,
    async catchUp(): Promise<void> {
      for (;;) {
        const res = await graphql(key, query, { op: operationId, after: cursor });
        expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
        const page = res.body.data.processesConnection;
        for (const { node } of page.edges) copy.set(node.id, node.extra_fields);
        cursor = page.pageInfo.endCursor ?? cursor;
        if (!page.pageInfo.hasNextPage) return;
      }
    },
  };
}

/** A random contiguous window of `size` items of `all`, wrapping around. */
function windowOf<T>(all: readonly T[], size: number): T[] {
  const start = Math.floor(Math.random() * all.length);
  return Array.from({ length: size }, (_, i) => all[(start + i) % all.length]);
}

const onServer = inject('databaseKind') === 'postgres';
// The embedded database runs one transaction at a time (one connection): fewer rounds there.
const plan = onServer
  ? { processes: 240, batchClients: 3, batchRounds: 6, singleClients: 4, singleRounds: 40 }
  : { processes: 120, batchClients: 2, batchRounds: 2, singleClients: 2, singleRounds: 10 };
const BATCH = 60;
/** A checklist each batch replaces, so a batch's transaction runs longer than a single update's. */
const CHECKLIST = ['Invoice checked', 'Packing list checked', 'Bill of lading checked'].map((name) => ({ name }));

describe('keeping a copy of the processes in sync', () => {
  it('holds every process at its last version by following the events, while batches of 60 and single updates overlap', async () => {
    const company = await newCompany();
    const C = client(company.api_key);
    const op = `/operations/${company.operation.id}`;
    const codes = Array.from({ length: plan.processes }, () => uniq('SYNC-'));
    const feed = eventsReader(C);
    const keyset = updatedAtReader(company.api_key, company.operation.id);
    // The recipe's first step: the cursor is kept before the copy is loaded. The company is new,
    // so the copy starts empty and every process comes from the feed.
    await feed.catchUp();
    const ids: number[] = [];
    for (let i = 0; i < codes.length; i += BATCH) {
      const res = await C.put(`${op}/processes`, codes.slice(i, i + BATCH).map((reference_code) => ({ reference_code, extra_fields: { v: 'created' } })));
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      ids.push(...res.body.data.map((p: { id: number }) => p.id));
    }
    expect(ids).toHaveLength(codes.length);

    const statuses: number[] = [];
    const batchClient = async (n: number) => {
      for (let round = 0; round < plan.batchRounds; round++) {
        const res = await C.put(`${op}/processes`, windowOf(codes, BATCH).map((reference_code) => ({ reference_code, extra_fields: { v: `batch ${n}.${round}` }, audit_items: CHECKLIST })));
        statuses.push(res.status);
      }
    };
    const singleClient = async (n: number) => {
      for (let round = 0; round < plan.singleRounds; round++) {
        const [id] = windowOf(ids, 1);
        const res = await C.put(`${op}/processes/${id}`, { extra_fields: { v: `single ${n}.${round}` } });
        statuses.push(res.status);
      }
    };
    let writing = true;
    const follow = async (reader: { catchUp(): Promise<void> }) => {
      while (writing) await reader.catchUp();
    };
    const readers = Promise.all([follow(feed), follow(keyset)]);
    await Promise.all([
      ...Array.from({ length: plan.batchClients }, (_, n) => batchClient(n)),
      ...Array.from({ length: plan.singleClients }, (_, n) => singleClient(n)),
    ]);
    writing = false;
    await readers;
    // Every write has answered: one more pass of each reader, as a sync run after the writes would.
    await feed.catchUp();
    await keyset.catchUp();

    // A write may be refused with 409 when its retries run out under this contention; it changed nothing.
    expect(statuses.filter((s) => s !== 200 && s !== 409), JSON.stringify(statuses)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(statuses.length / 2);
    // Read 20 at a time: a company's requests beyond its concurrency and its queue (COMPANY_QUEUE,
    // 100 by default: docs/limits.md) are refused with 429; the plan writes up to 240 processes.
    const finals: any[] = [];
    for (let at = 0; at < ids.length; at += 20) {
      finals.push(...(await Promise.all(ids.slice(at, at + 20).map(async (id) => (await C.get(`${op}/processes/${id}`)).body.data))));
    }
    const staleByFeed = finals.filter((p) => !isDeepStrictEqual(feed.copy.get(p.id), p));
    const staleByKeyset = finals.filter((p) => !isDeepStrictEqual(keyset.copy.get(p.id), p.extra_fields));
    console.log(
      `[sync] ${finals.length} processes, ${statuses.length} writes (${statuses.filter((s) => s === 409).length} refused with 409), ${feed.events()} events read; ` +
        `stale: ${staleByFeed.length} following the events, ${staleByKeyset.length} by the updated_at keyset`,
    );
    for (const p of finals) expect(feed.copy.get(p.id), `process ${p.id}`).toEqual(p);
  }, 600_000);
});
