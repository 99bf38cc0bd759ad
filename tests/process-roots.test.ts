// Each kind of process wires its own write path (graph/wiring.ts): the server, `npm run worker`
// and `npm run admin` each record the events of what they write, relay them (rendered with the
// domain schema) and fan them out to webhooks; nothing of it depends on what a process happens to
// import. The worker and the admin command are separate processes on the app's database: on the
// embedded database, which serves one process, the admin command runs while the app is stopped,
// and the worker case runs on PostgreSQL only.
import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../prisma/database.ts';
import type { AppServer } from './setup/app-server.ts';
import { nodeArgs } from './setup/project-process.ts';
import { workerProcesses } from './setup/worker-process.ts';
import { appWithCompany } from './webhooks/own-app.ts';
import { startReceiver } from './webhooks/receiver.ts';

const serverUrl = process.env.DATABASE_URL || undefined;

/** Runs one query on the app's database from outside the app (on PGlite, only while the app is stopped). */
async function query<T>(app: AppServer, text: string, values: unknown[] = []): Promise<T[]> {
  if (app.kind === 'postgres') {
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      return (await db.query(text, values)).rows as T[];
    } finally {
      await db.end();
    }
  }
  const db = await PGlite.create(path.join(app.dataDir, 'pglite'), { extensions: await pgliteExtensions() });
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.close();
  }
}

describe('the write path of each kind of process', () => {
  let app: AppServer;
  let call: Awaited<ReturnType<typeof appWithCompany>>['call'];
  // On PostgreSQL the app makes no deliveries and relays its changes 10 s late: killed before
  // that, it leaves them to a worker, which relays the changes captured more than 5 s ago.
  const settings: Record<string, string> = serverUrl ? { WEBHOOKS_IN_APP_WORKER: 'false', EVENTS_RELAY_DELAY_MS: '10000' } : {};
  const workers = workerProcesses(() => app.databaseUrl);

  beforeAll(async () => {
    ({ app, call } = await appWithCompany(serverUrl, settings));
  }, 300_000);
  afterAll(async () => {
    await workers.stopAll();
    await app?.stop();
  });

  it.skipIf(serverUrl)('the server relays a write and delivers its event to a webhook', async () => {
    const receiver = await startReceiver();
    try {
      await call('POST', '/webhooks', { url: `${receiver.url}/server`, events: ['product.created'] });
      const code = `SRV-${randomBytes(4).toString('hex')}`;
      expect((await call('POST', '/products', { code, description: 'Made through the server' })).status).toBe(201);
      const [got] = await receiver.until((list) => list.length === 1);
      expect(JSON.parse(got.body)).toMatchObject({ type: 'product.created', data: { code } });
    } finally {
      await receiver.close();
    }
  });

  it.skipIf(!serverUrl)('a worker relays a change its writer left, renders it and delivers its event to a webhook', async () => {
    const receiver = await startReceiver();
    try {
      await call('POST', '/webhooks', { url: `${receiver.url}/worker`, events: ['product.created'] });
      const code = `WRK-${randomBytes(4).toString('hex')}`;
      expect((await call('POST', '/products', { code, description: 'Relayed by a worker' })).status).toBe(201);
      for (let stale = 0; stale === 0; await new Promise((r) => setTimeout(r, 200))) {
        [{ stale }] = await query<{ stale: number }>(app, `SELECT count(*)::int AS stale FROM event_changes WHERE created_at < now() - interval '5.5 seconds'`);
      }
      // The writer dies before its relay; a worker started meanwhile relays and delivers.
      let received: { body: string }[] = [];
      await app.restart('SIGKILL', async () => {
        await workers.start();
        received = await receiver.until((list) => list.length === 1, 30_000);
      });
      expect(JSON.parse(received[0].body)).toMatchObject({ type: 'product.created', data: { code, description: 'Relayed by a worker' } });
    } finally {
      await receiver.close();
    }
  });

  it('the admin command relays the events of the company it creates before it exits', async () => {
    const name = `Admin ${randomBytes(4).toString('hex')}`;
    let output = '';
    const admin = async () => {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATABASE_URL: app.databaseUrl, DATA_DIR: app.dataDir };
      if (!serverUrl) delete env.DATABASE_URL;
      output = (await promisify(execFile)(process.execPath, nodeArgs('scripts/admin.ts', 'create-company', '--name', name, '--demo'), { env })).stdout;
    };
    const left = async () => {
      const created = JSON.parse(output) as { company: { id: number } };
      const [{ changes }] = await query<{ changes: number }>(app, 'SELECT count(*)::int AS changes FROM event_changes WHERE company_id = $1', [created.company.id]);
      const events = await query<{ type: string; has_data: boolean }>(app, `SELECT type, payload->'data' IS NOT NULL AND payload->'data' <> 'null'::jsonb AS has_data FROM events WHERE company_id = $1`, [created.company.id]);
      return { changes, events };
    };
    let found: Awaited<ReturnType<typeof left>> | undefined;
    if (serverUrl) {
      await admin();
      found = await left();
    } else {
      await app.restart('SIGTERM', async () => {
        await admin();
        found = await left();
      });
    }
    // Nothing left for a later relay, and the demo's processes were rendered into their events.
    expect(found!.changes).toBe(0);
    expect(found!.events.filter((e) => e.type === 'process.created').length).toBeGreaterThan(0);
    expect(found!.events.every((e) => e.has_data)).toBe(true);
  }, 240_000);
});
