// The layout rules of CONTRIBUTING.md ("Layout and direction of dependency", "Sizes"), checked on
// every run: no import cycle, each folder imports only the layers below it (.dependency-cruiser.cjs),
// and no hand-written file or function past its size (scripts/sizes.ts).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { describeOffender, maxFileLines, maxFunctionLines, oversized } from '../scripts/sizes.ts';

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
  });

  it(`has no hand-written file in app, rest, graph or openapi over ${maxFileLines} lines, and no function there over ${maxFunctionLines}`, () => {
    expect(oversized().map(describeOffender)).toEqual([]);
  });
});
