// A change's events are written by a relay right after its commit (docs/webhooks.md,
// "Payloads"; docs/decisions/012-events-and-webhooks.md). These tests hold each event to
// showing exactly the state its own change committed while other changes of the same resource
// follow at once, from one app process or from two (relay-held.test.ts: a change whose relay
// has not run yet, or whose process died first).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniq } from '../helpers.ts';
import { startAppServer, type AppServer } from '../setup/app-server.ts';
import { appWithCompany } from '../webhooks/own-app.ts';
import { allEvents, type Call } from './relay.ts';

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
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows, in each event, the state its own change committed: 12 writers of one product', async () => {
    await raceOnOneProduct(call, 12);
  });
});

describe('event data across app processes', () => {
  // Several processes need a PostgreSQL server: the embedded database serves one.
  const onServer = inject('databaseKind') === 'postgres';
  const adminToken = randomBytes(16).toString('hex');
  let app: AppServer | undefined;
  beforeAll(async () => {
    if (onServer) app = await startAppServer({ serverUrl: process.env.DATABASE_URL, adminToken, settings: { NODE_ENV: 'production', WEB_CONCURRENCY: '2', ...DELAYED } });
  });
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
  });
});
