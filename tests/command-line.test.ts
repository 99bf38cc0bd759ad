// The command line on an embedded database of its own (so the same on both test runs: it runs
// on the PGlite run only, vitest.config.ts): the admin command creates a company, and the
// server refuses to start with a bad setting.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { nodeArgs } from './setup/project-process.ts';

describe('the API platform', () => {
  it('creates a company from the command line with one key, one operation and a handler per role', async () => {
    const run = promisify(execFile);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tt-admin-'));
    try {
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '' };
      const { stdout } = await run(process.execPath, nodeArgs('scripts/admin.ts', 'create-company', '--name', 'Acme CLI'), { env });
      const out = JSON.parse(stdout.trim().split('\n').pop()!);
      expect(out.company).toEqual({ id: expect.any(Number), name: 'Acme CLI' });
      expect(out.api_key).toMatch(/^tt_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
      expect(out.operation.handlers.map((h: { role: string }) => h.role)).toContain('customs_broker');
      expect(out.operation.handlers).toHaveLength(19);
      const bad = await run(process.execPath, nodeArgs('scripts/admin.ts', 'create-company'), { env }).catch((e) => e);
      expect(bad.code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two runs of the command on a new embedded database (created, then migrated): on a loaded
    // machine that takes over a minute.
  }, 180_000);

  it('refuses to start with a bad setting, naming each variable at fault', async () => {
    const run = promisify(execFile);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tt-env-'));
    try {
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: 'abc', DATABASE_POOL_SIZE: '0' };
      const failed = await run(process.execPath, nodeArgs('scripts/serve.mjs'), { env, timeout: 60_000 }).catch((e) => e);
      expect(failed.code).toBe(1);
      expect(failed.stderr.trim().split('\n')).toEqual([
        'Invalid environment (see .env.example):',
        '  PORT must be an integer from 1 to 65535, got "abc"',
        '  DATABASE_POOL_SIZE must be a positive integer, got "0"',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
