// A change's events are written by a relay right after its commit (docs/webhooks.md,
// "Payloads"; docs/decisions/012-events-and-webhooks.md). These tests check that a reader lists a
// change whose relay has not run yet, and that the workers relay the change of a process that
// died first (relay-order.test.ts: each event's state while changes follow at once).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniq } from '../helpers.ts';
import type { AppServer } from '../setup/app-server.ts';
import { appWithCompany } from '../webhooks/own-app.ts';
import { allEvents, type Call } from './relay.ts';

describe('a change not relayed yet', () => {
  // The writing process relays 10 s after its commit, as if it were slow or about to die.
  const HELD = { EVENTS_RELAY_DELAY_MS: '10000' };
  let app: AppServer | undefined;
  let call: Call;
  beforeAll(async () => {
    ({ app, call } = await appWithCompany(process.env.DATABASE_URL, HELD));
  });
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
  });
});

describe('a change whose process died before relaying it', () => {
  // A process killed with SIGKILL needs a PostgreSQL server to come back to.
  const onServer = inject('databaseKind') === 'postgres';
  let app: AppServer | undefined;
  let call: Call;
  beforeAll(async () => {
    if (onServer) ({ app, call } = await appWithCompany(process.env.DATABASE_URL, { EVENTS_RELAY_DELAY_MS: '10000' }));
  });
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
  });
});
