// An app server of a test's own (tests/setup/app-server.ts) with one company, for tests that
// start, kill or configure their app: `call` speaks to its REST API with the company's key.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startAppServer } from '../setup/app-server.ts';
import { startReceiver, type Receiver } from './receiver.ts';

/** Starts an app on a database of its own (PostgreSQL at `serverUrl`, else PGlite) with `settings`, and makes a company (`operation`: its operation's id). */
export async function appWithCompany(serverUrl: string | undefined, settings: Record<string, string>) {
  const adminToken = randomBytes(16).toString('hex');
  const app = await startAppServer({ serverUrl, adminToken, settings });
  const created = await fetch(`${app.baseUrl}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Own app' }),
  });
  const company = (await created.json()) as { api_key: string; operation: { id: number } };
  const key = company.api_key;
  const call = async (method: string, path: string, params?: unknown) => {
    const res = await fetch(`${app.baseUrl}/api${path}`, {
      method,
      headers: { 'api-key': key, ...(params === undefined ? {} : { 'content-type': 'application/json' }) },
      body: params === undefined ? undefined : JSON.stringify({ params }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  return { app, call, operation: company.operation.id };
}

/**
 * An app of the file's own with one company (`appWithCompany`, on the run's database) and a
 * webhook receiver, made before the file's tests and closed after them; its fields are read
 * inside the tests.
 */
export function ownAppAndReceiver(settings: Record<string, string> = {}) {
  const own = {} as Awaited<ReturnType<typeof appWithCompany>> & { receiver: Receiver };
  beforeAll(async () => {
    Object.assign(own, await appWithCompany(process.env.DATABASE_URL, settings));
    own.receiver = await startReceiver();
  }, 300_000);
  afterAll(async () => {
    await own.receiver?.close();
    await own.app?.stop();
  });
  return own;
}
