// A change's events are written by a relay right after its commit (docs/webhooks.md,
// "Payloads"; docs/decisions/012-events-and-webhooks.md). These tests hold each event to
// showing exactly the state its own change committed while other changes of the same resource
// follow at once, from one app process or from two; check that a reader lists a change whose
// relay has not run yet; and that the workers relay the change of a process that died first.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniq } from '../helpers.ts';
import { startAppServer, type AppServer } from '../setup/app-server.ts';
import { readEventsFeed } from '../setup/events-feed.ts';
import { appWithCompany } from '../webhooks/own-app.ts';

type Call = (method: string, path: string, params?: unknown) => Promise<{ status: number; body: any }>;

/** Every event of the company, oldest first. */
async function allEvents(call: Call, query = ''): Promise<any[]> {
  return (await readEventsFeed((q) => call('GET', `/events?${q}`), undefined, query.replace(/^&/, ''))).events;
}

/**
 * Writes the product `writers` times at once, each with a description of its own, and checks
 * the chain of its events: each update's `previous` is the `data` of the event before it, and
 * each description written is the `data` of exactly one event.
 */
async function raceOnOneProduct(call: Call, writers: number): Promise<void> {
  const code = uniq('RACE-');
  const created = await call('POST', '/products', { code, description: 'start' });
  expect(created.status).toBe(201);
  const descriptions = Array.from({ length: writers }, (_, i) => `writer ${i}`);
  const answers = await Promise.all(descriptions.map((description) => call('PUT', `/products/${created.body.data.id}`, { description })));
  expect(answers.map((a) => a.status)).toEqual(descriptions.map(() => 200));
  const events = (await allEvents(call, '&filters[type]=product.updated')).filter((e) => e.data?.code === code);
  const first = (await allEvents(call, '&filters[type]=product.created')).find((e) => e.data?.code === code);
  expect(first.data.description).toBe('start');
  expect(events).toHaveLength(writers);
  let before = first.data.description;
  for (const e of events) {
    expect(e.previous, JSON.stringify(e)).toEqual({ description: before });
    before = e.data.description;
  }
  expect(events.map((e) => e.data.description).sort()).toEqual([...descriptions].sort());
  // The last event shows what the product is now.
  expect((await call('GET', `/products/${created.body.data.id}`)).body.data).toEqual(events.at(-1).data);
}

// EVENTS_RELAY_DELAY_MS holds each change's relay back 300 ms after its commit, so the writers
// that follow meet its captured rows not yet relayed (the moment is a few milliseconds otherwise).
const DELAYED = { EVENTS_RELAY_DELAY_MS: '300' };

describe('event data while changes of the same resource follow at once', () => {
  let app: AppServer | undefined;
  let call: Call;
  beforeAll(async () => {
    ({ app, call } = await appWithCompany(process.env.DATABASE_URL, DELAYED));
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('shows, in each event, the state its own change committed: 12 writers of one product', async () => {
    await raceOnOneProduct(call, 12);
  }, 60_000);
});

describe('event data across app processes', () => {
  // Several processes need a PostgreSQL server: the embedded database serves one.
  const onServer = inject('databaseKind') === 'postgres';
  const adminToken = randomBytes(16).toString('hex');
  let app: AppServer | undefined;
  beforeAll(async () => {
    if (onServer) app = await startAppServer({ serverUrl: process.env.DATABASE_URL, adminToken, settings: { NODE_ENV: 'production', WEB_CONCURRENCY: '2', ...DELAYED } });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it.runIf(onServer)('shows, in each event, the state its own change committed when the writers are in two processes', async () => {
    const made = await fetch(`${app!.baseUrl}/admin/companies`, { method: 'POST', headers: { 'admin-token': adminToken, 'content-type': 'application/json' }, body: JSON.stringify({ name: uniq('Two processes ') }) });
    const key = ((await made.json()) as { api_key: string }).api_key;
    // Each call on a connection of its own: the supervisor hands new connections to its workers in turn.
    const call: Call = async (method, path, params) => {
      const res = await fetch(`${app!.baseUrl}/api${path}`, {
        method,
        headers: { 'api-key': key, 'content-type': 'application/json', connection: 'close' },
        body: params === undefined ? undefined : JSON.stringify({ params }),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    await raceOnOneProduct(call, 12);
  }, 60_000);
});

describe('a change not relayed yet', () => {
  // The writing process relays 10 s after its commit, as if it were slow or about to die.
  const HELD = { EVENTS_RELAY_DELAY_MS: '10000' };
  let app: AppServer | undefined;
  let call: Call;
  beforeAll(async () => {
    ({ app, call } = await appWithCompany(process.env.DATABASE_URL, HELD));
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('is listed at once with its data: the reader relays it first', async () => {
    const code = uniq('HELD-');
    const created = await call('POST', '/products', { code, description: 'Held back' });
    expect(created.status).toBe(201);
    const answered = Date.now();
    const listed = (await allEvents(call, '&filters[type]=product.created')).filter((e) => e.data?.code === code);
    expect(listed).toHaveLength(1);
    // Before the writer's relay (held 10 s) could have written it.
    expect(Date.now() - answered).toBeLessThan(8_000);
    expect(listed[0].data).toEqual((await call('GET', `/products/${created.body.data.id}`)).body.data);
    // The writer's own relay, when it comes, finds nothing left to write.
    await new Promise((r) => setTimeout(r, 10_500));
    expect((await allEvents(call, '&filters[type]=product.created')).filter((e) => e.data?.code === code)).toHaveLength(1);
  }, 60_000);
});

describe('a change whose process died before relaying it', () => {
  // A process killed with SIGKILL needs a PostgreSQL server to come back to.
  const onServer = inject('databaseKind') === 'postgres';
  let app: AppServer | undefined;
  let call: Call;
  beforeAll(async () => {
    if (onServer) ({ app, call } = await appWithCompany(process.env.DATABASE_URL, { EVENTS_RELAY_DELAY_MS: '10000' }));
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it.runIf(onServer)('is relayed by the workers when they start, with its data', async () => {
    const code = uniq('DIED-');
    const created = await call('POST', '/products', { code, description: 'Died before relaying' });
    expect(created.status).toBe(201);
    const db = new pg.Client({ connectionString: app!.databaseUrl });
    await db.connect();
    try {
      const left = async () => (await db.query(`SELECT count(*)::int AS n FROM event_changes WHERE table_name = 'products' AND row_id = $1`, [created.body.data.id])).rows[0].n;
      const written = async () => (await db.query(`SELECT payload FROM events WHERE type = 'product.created' AND payload->'data'->>'code' = $1`, [code])).rows;
      expect(await left()).toBe(1);
      // Older than the workers' 5 s, then killed before its own relay (10 s after the commit).
      await new Promise((r) => setTimeout(r, 5_500));
      expect(await written()).toEqual([]);
      await app!.restart('SIGKILL');
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (await written()).length === 0) await new Promise((r) => setTimeout(r, 100));
      const rows = await written();
      expect(rows).toHaveLength(1);
      expect(rows[0].payload.data).toEqual((await call('GET', `/products/${created.body.data.id}`)).body.data);
      expect(await left()).toBe(0);
    } finally {
      await db.end();
    }
  }, 60_000);
});
