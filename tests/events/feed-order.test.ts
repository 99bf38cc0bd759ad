// The events feed's cursor never passes an event committed later (docs/webhooks.md, "Keeping a
// copy in sync"): two relays of one company commit in the order they drew their event numbers,
// because each holds the company's feed lock from drawing them to its commit
// (graph/events/relay.ts). The test holds a relay between its events and its commit (its
// webhook delivery waits for a row lock the test holds on the endpoint) while a reader's own
// relay of another change runs: without the feed lock, the reader's relay commits the later
// number, the reader reads it, and the held event, committed afterwards below it, is never read.
// Several relays at once need a PostgreSQL server: the embedded database runs one transaction
// at a time, so there a relay always commits before the next draws its numbers.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { client, newCompany, uniq, sharedApp } from '../helpers.ts';
import { readEventsFeed } from '../setup/events-feed.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

type Client = ReturnType<typeof client>;

/** Every event after `after`, page by page, and the cursor to continue from. */
const eventsAfter = (C: Client, after: string | undefined) => readEventsFeed((q) => C.get('/events', q), after);

/** Waits until `holds()` answers true (20 s at most), polling the database. */
const until = (what: string, holds: () => Promise<boolean>) => vi.waitFor(async () => expect(await holds(), what).toBe(true), { timeout: 20_000, interval: 5 });

const onServer = inject('databaseKind') === 'postgres';

describe.runIf(onServer)('the events cursor while relays commit out of order', () => {
  const connections: pg.Client[] = [];
  let receiver: Receiver;
  const connect = async () => {
    const c = new pg.Client({ connectionString: sharedApp().databaseUrl });
    await c.connect();
    connections.push(c);
    return c;
  };
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    for (const c of connections) await c.end();
    await receiver.close();
  });

  it('never lets a reader pass an event that a relay still running drew a lower number for', async () => {
    const company = await newCompany();
    const C = client(company.api_key);
    const companyId = company.company.id;
    const endpoint = await C.post('/webhooks', { url: receiver.url, events: ['product.created'] });
    expect(endpoint.status).toBe(201);
    const other = await C.post('/products', { code: uniq('OTHER-'), description: 'Before' });
    expect(other.status).toBe(201);
    const { cursor: start } = await eventsAfter(C, undefined);

    const db = await connect();
    const holdChange = await connect();
    const holdEndpoint = await connect();
    const pidOf = async (c: pg.Client) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const blockedBy = async (pid: number) =>
      (await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid])).rows.map((r) => r.pid);

    // A change committed outside the API (no relay scheduled for it): the reader will relay it.
    await db.query(`UPDATE products SET description = 'Changed directly' WHERE company_id = $1 AND id = $2`, [companyId, other.body.data.id]);
    const [{ txid }] = (await db.query<{ txid: string }>(`SELECT DISTINCT txid::text AS txid FROM event_changes WHERE company_id = $1`, [companyId])).rows;
    // The reader's relay will wait on that change's captured rows, the delivery of a new product's event on the endpoint.
    await holdChange.query('BEGIN');
    await holdChange.query('SELECT 1 FROM event_changes WHERE txid = $1::bigint FOR UPDATE', [txid]);
    await holdEndpoint.query('BEGIN');
    await holdEndpoint.query('SELECT 1 FROM webhook_endpoints WHERE company_id = $1 AND id = $2 FOR UPDATE', [companyId, endpoint.body.data.id]);

    let answered = false;
    const reading = C.get('/events', `limit=100&after=${start}`).then((res) => ((answered = true), res));
    await until("the reader's relay waits for the change's rows", async () => (await blockedBy(await pidOf(holdChange))).length > 0);

    // A new product: its relay draws its event's number and then waits for the endpoint (its delivery).
    const code = uniq('HELD-');
    expect((await C.post('/products', { code, description: 'Held' })).status).toBe(201);
    let heldRelay = 0;
    await until("the new product's relay waits for the endpoint", async () => ((heldRelay = (await blockedBy(await pidOf(holdEndpoint)))[0] ?? 0), heldRelay > 0));

    // The reader's relay goes on: it either commits and the reader answers, or waits for the held relay's feed lock.
    await holdChange.query('COMMIT');
    await until('the reader answered or waits for the held relay', async () => answered || (await blockedBy(heldRelay)).length > 0);
    await holdEndpoint.query('COMMIT');

    const first = await reading;
    expect(first.status).toBe(200);
    const rest = await eventsAfter(C, first.body.next_cursor ?? start);
    const read = [...first.body.data, ...rest.events];
    expect(read.filter((e) => e.type === 'product.updated').map((e) => e.data.description)).toEqual(['Changed directly']);
    expect(read.filter((e) => e.type === 'product.created').map((e) => e.data.code)).toEqual([code]);
  });
});
