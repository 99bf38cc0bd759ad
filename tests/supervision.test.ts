// A production start is supervised (docs/getting-started.md, Running in production): a worker
// that dies is replaced and the port keeps being served. Two workers on a PostgreSQL server,
// one on the embedded database (it serves one process).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startAppServer, type AppServer } from './setup/app-server.ts';

/** The process ids of `parent`'s children, read from /proc. */
function childrenOf(parent: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: the command name may hold spaces, so read after its ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) out.push(Number(entry));
    } catch {
      // the process ended while being read
    }
  }
  return out;
}

describe('a production start', () => {
  const workers = inject('databaseKind') === 'postgres' ? 2 : 1;
  const adminToken = randomBytes(16).toString('hex');
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({
      serverUrl: process.env.DATABASE_URL || undefined,
      adminToken,
      settings: { NODE_ENV: 'production', WEB_CONCURRENCY: String(workers) },
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** Whether a fresh connection is answered 200 by some worker. */
  const served = async () => {
    try {
      const res = await fetch(`${app.baseUrl}/openapi.json`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      return res.status === 200;
    } catch {
      return false;
    }
  };

  it('replaces a worker that is killed and goes on serving the API', async () => {
    await vi.waitFor(() => expect(childrenOf(app.pid), `${workers} workers`).toHaveLength(workers), { timeout: 60_000, interval: 200 });
    const before = childrenOf(app.pid);
    const [victim] = before;
    process.kill(victim, 'SIGKILL');
    await vi.waitFor(() => {
      const now = childrenOf(app.pid);
      expect(now.length === workers && !now.includes(victim), 'a new worker').toBe(true);
    }, { timeout: 60_000, interval: 200 });
    await vi.waitFor(async () => expect(await served(), 'the port to be served again').toBe(true), { timeout: 60_000, interval: 200 });
    // The replacement serves the API itself: a company made now can read.
    const created = await fetch(`${app.baseUrl}/admin/companies`, {
      method: 'POST',
      headers: { 'admin-token': adminToken, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ name: 'Supervised Co.' }),
    });
    expect(created.status).toBe(201);
    const { api_key } = (await created.json()) as { api_key: string };
    const read = await fetch(`${app.baseUrl}/api/products`, { headers: { 'api-key': api_key, connection: 'close' } });
    expect(read.status).toBe(200);
    expect(childrenOf(app.pid)).toHaveLength(workers);
  });
});
