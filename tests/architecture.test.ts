// The import rules of CONTRIBUTING.md ("Layout and direction of dependency"), checked on every
// run: no import cycle, and each folder imports only the layers below it (.dependency-cruiser.cjs).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('architecture', () => {
  it('has no import cycle and no import against app -> rest -> graph -> prisma', async () => {
    const cli = 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs';
    const run = promisify(execFile)(process.execPath, [cli, '--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'app', 'rest', 'graph', 'prisma', 'openapi', 'scripts']);
    const answer = await run.then(
      ({ stdout }) => ({ ok: true, report: stdout }),
      (e: { stdout?: string; stderr?: string }) => ({ ok: false, report: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
    );
    expect(answer.report).not.toMatch(/error /);
    expect(answer.ok, answer.report).toBe(true);
  }, 120_000);
});
