// The first start after an install serves the API while the documentation site is built
// (docs/docs-site.md, "Building"): until build/docs.json exists, a page answers 503 with
// Retry-After and a page that says so; the API, GraphQL, /openapi.json and the operator endpoints
// (/admin/) answer as always.
// The server runs in a folder of its own that holds the app's build but not the site's, on a copy
// of the migrated template database (tests/setup/database-template.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../scripts/local-net.ts';
import { nodeArgs } from './setup/project-process.ts';
import { copyTemplate } from './setup/database-template.ts';

describe('a start whose documentation site is not built yet', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tt-site-pending-'));
  const project = path.join(root, 'project');
  let server: ChildProcess;
  let base: string;
  let stderr = '';

  beforeAll(async () => {
    // The project as it is, but for build/, which holds the app's build alone.
    mkdirSync(path.join(project, 'build'), { recursive: true });
    for (const name of readdirSync('.')) if (!['build', 'data'].includes(name)) symlinkSync(path.resolve(name), path.join(project, name));
    for (const file of ['index.js', 'primary.js']) symlinkSync(path.resolve('build', file), path.join(project, 'build', file));
    await copyTemplate(path.join(root, 'data'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, nodeArgs('scripts/serve.mjs'), {
      cwd: project,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(root, 'data'), PORT: String(port), NODE_ENV: 'test', SKIP_DEMO: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr!.on('data', (d) => (stderr += d));
    await vi.waitFor(async () => expect((await fetch(`${base}/openapi.json`)).status, 'the server').toBe(200), { timeout: 240_000, interval: 200 });
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('answers its pages 503 with Retry-After and a page that reloads itself, and the API as always', async () => {
    for (const page of ['/', '/products', '/api/']) {
      const res = await fetch(`${base}${page}`, { headers: { accept: 'text/html' } });
      expect(res.status, page).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      const html = await res.text();
      expect(html).toContain('The documentation is being built');
      expect(html).toContain('http-equiv="refresh"');
    }
    expect((await fetch(`${base}/openapi.json`)).status).toBe(200);
    expect((await fetch(`${base}/api/products`)).status).toBe(401);
    // An operator endpoint is an API too: with no ADMIN_TOKEN set here, its JSON 404 rather than the page.
    const admin = await fetch(`${base}/admin/companies`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(admin.status).toBe(404);
    expect(await admin.clone().text()).not.toContain('The documentation is being built');
    expect(admin.headers.get('content-type')).toContain('application/json');
    const graphql = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(graphql.status).toBe(401);
  });

  it('serves the pages once the site is built, without a restart', async () => {
    symlinkSync(path.resolve('build', 'docs.json'), path.join(project, 'build', 'docs.json'));
    const res = await fetch(`${base}/products`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('class="sidebar"');
    expect(stderr).toBe('');
  });
});
