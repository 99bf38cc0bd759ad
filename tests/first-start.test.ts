// The first start on an empty database (docs/getting-started.md, "Your demo API key"): the demo
// company's key is printed as soon as the API serves and works at once; the sample data follows
// in the background, announced by "Demo data added.", after which the demo lists are whole.
// On both databases: the app runs on a database of its own, with the demo switched on.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './setup/app-server.ts';

/** Waits until `read` answers a value, polling; fails after `ms`. */
async function until<T>(read: () => T | undefined, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the first start on an empty database', () => {
  const logs = mkdtempSync(path.join(os.tmpdir(), 'tt-first-start-'));
  const stdout = path.join(logs, 'stdout.log');
  const stderr = path.join(logs, 'stderr.log');
  const printed = () => readFileSync(stdout, 'utf8');
  let app: AppServer;
  let key: string;
  const get = (p: string) => fetch(`${app.baseUrl}/api${p}`, { headers: { 'api-key': key } });

  beforeAll(async () => {
    writeFileSync(stdout, '');
    writeFileSync(stderr, '');
    app = await startAppServer({ serverUrl: process.env.DATABASE_URL, adminToken: 'first-start-admin', stdoutLog: stdout, stderrLog: stderr, settings: { SKIP_DEMO: '0' }, unmigrated: true });
    key = await until(() => /Its API key \(shown once, keep it\):\n\s+(tt_\S+)/.exec(printed())?.[1], 60_000, 'the demo key');
  }, 360_000);

  afterAll(async () => {
    await app?.stop();
    rmSync(logs, { recursive: true, force: true });
  });

  it('prints the demo key, which reads at once; the sample data follows and is then whole', async () => {
    expect(printed()).toContain('Demo company "Demo Trading Co." created.');
    const first = await get('/products?limit=5');
    expect(first.status).toBe(200);

    await until(() => (printed().includes('Demo data added.') ? true : undefined), 240_000, 'the demo data');
    const products = (await (await get('/products?limit=100')).json()) as { data: { code: string }[]; total_count: number };
    expect(products.total_count).toBe(25);
    expect(products.data.map((p) => p.code).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `PRD-${String(i + 1).padStart(2, '0')}`));
    const operations = (await (await get('/operations')).json()) as { data: { id: number }[] };
    const op = `/operations/${operations.data[0].id}`;
    for (const list of [`${op}/orders`, `${op}/processes`, '/actors']) {
      const res = await get(`${list}?limit=1`);
      expect(res.status, list).toBe(200);
      expect(((await res.json()) as { total_count: number }).total_count, list).toBeGreaterThan(0);
    }
    // Nothing went wrong on the server meanwhile.
    expect(readFileSync(stderr, 'utf8')).toBe('');
  }, 300_000);
});
