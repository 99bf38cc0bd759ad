// A stop (SIGTERM) waits for the requests still running before it closes the database
// (docs/getting-started.md, Running in production), those whose client hung up included: the
// server's close waits for connections only, and such a request has none left. Before, the app
// closed the database under it (its statements then failed: "Cannot use a pool after calling
// end on the pool") or exited before it ended.
// The request is a webhook endpoint's test (docs/webhooks.md, "Testing an endpoint"): it sends a
// ping to a receiver of the test's, which holds its answer, and records the attempt once answered.
// The test runs its own app on its own database (a copy of the run's migrated template).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, throwawayDatabase } from './setup/app-server.ts';
import { copyTemplate } from './setup/database-template.ts';
import { nodeArgs } from './setup/project-process.ts';

/** A running app: its address, its process and what it wrote. */
interface App {
  base: string;
  process: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout: string;
  stderr: string;
}

/** A webhook receiver that holds every request until `answer()` (then answers 204). */
async function holdingReceiver() {
  const held: http.ServerResponse[] = [];
  let answered = false;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => (answered ? res.writeHead(204).end() : held.push(res)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    held,
    answer() {
      answered = true;
      for (const res of held) res.writeHead(204).end();
    },
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}

describe('a stop while a request runs whose client has gone', () => {
  const adminToken = randomBytes(16).toString('hex');
  const settings: Record<string, string> = {};
  const cleanups: (() => Promise<void> | void)[] = [];
  let app: App;

  /** Starts the app on the test's database and waits until it answers. */
  const start = async (): Promise<App> => {
    const port = await freePort();
    const child = spawn(process.execPath, nodeArgs('scripts/serve.mjs'), {
      env: { ...process.env, ...settings, PORT: String(port), ADMIN_TOKEN: adminToken, SKIP_DEMO: '1', NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started: App = {
      base: `http://127.0.0.1:${port}`,
      process: child,
      exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
      stdout: '',
      stderr: '',
    };
    child.stdout!.on('data', (d) => (started.stdout += d));
    child.stderr!.on('data', (d) => (started.stderr += d));
    await vi.waitFor(async () => expect((await fetch(`${started.base}/openapi.json`)).status, started.stderr).toBe(200), { timeout: 120_000, interval: 200 });
    return started;
  };

  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      const db = await throwawayDatabase(process.env.DATABASE_URL, 'tt_stop', { migrated: true });
      settings.DATABASE_URL = db.url;
      cleanups.push(db.drop);
    } else {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'tt-stop-'));
      await copyTemplate(dir);
      Object.assign(settings, { DATABASE_URL: '', DATA_DIR: dir });
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    }
    app = await start();
  });

  afterAll(async () => {
    if (app && app.process.exitCode === null && app.process.signalCode === null) {
      app.process.kill('SIGTERM');
      await app.exited;
    }
    for (const c of cleanups.reverse()) await c();
  });

  it('waits for the request to end, then closes the database and exits 0', async () => {
    const receiver = await holdingReceiver();
    cleanups.push(receiver.close);
    const created = await fetch(`${app.base}/admin/companies`, {
      method: 'POST',
      headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Stopping Co.' }),
    });
    const { api_key } = (await created.json()) as { api_key: string };
    const headers = { 'api-key': api_key, 'content-type': 'application/json' };
    const registered = await fetch(`${app.base}/api/webhooks`, { method: 'POST', headers, body: JSON.stringify({ params: { url: receiver.url, events: ['*'] } }) });
    expect(registered.status).toBe(201);
    const hook = ((await registered.json()) as { data: { id: number } }).data;

    const client = http.request(`${app.base}/api/webhooks/${hook.id}/test`, { method: 'POST', headers: { 'api-key': api_key } });
    client.on('error', () => undefined);
    client.end();
    // The ping reached the receiver: the request runs, waiting for its answer. Its client hangs
    // up, and the app is told to stop.
    await vi.waitFor(() => expect(receiver.held).toHaveLength(1), { timeout: 30_000, interval: 10 });
    client.destroy();
    app.process.kill('SIGTERM');
    // The app says it waits for the request (an app that does not exits meanwhile); then the
    // receiver answers, and the request records the attempt.
    let gone = false;
    void app.exited.then(() => (gone = true));
    await vi.waitFor(() => expect(gone || app.stdout.includes('stopping: waiting for 1 running request')).toBe(true), { timeout: 30_000, interval: 10 });
    receiver.answer();
    const exit = await app.exited;

    expect(`${app.stdout}${app.stderr}`).not.toContain('Cannot use a pool after calling end');
    expect(app.stderr).toBe('');
    const logged = app.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number });
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    const stopping = app.stdout;

    // The attempt was recorded before the database closed: the restarted app lists it.
    app = await start();
    const deliveries = await fetch(`${app.base}/api/webhooks/${hook.id}/deliveries`, { headers });
    expect(((await deliveries.json()) as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ event_type: 'ping', status: 'SUCCEEDED', attempt_count: 1, response_status: 204 }),
    ]);
    expect(receiver.held).toHaveLength(1);
    expect(stopping).toContain('stopping: waiting for 1 running request (10 s at most)');
  });
});
