// Writes one measured section of docs/benchmarks.md for the scripts that run after the main
// bench (scripts/fuzz.ts, scripts/stress.ts): the section with that heading is replaced, or
// put before the hand-written "Recorded comparisons", which every run keeps.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const FILE = 'docs/benchmarks.md';
const KEPT_HEADING = '## Recorded comparisons';

/** One line naming the machine and the run, for the top of a section. */
export function machineLine(command: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `\`${command}\`, ${new Date().toISOString().slice(0, 10)}, on ${os.cpus().length} × ${cpu} (${(os.totalmem() / 2 ** 30).toFixed(0)} GiB), Node.js ${process.version}, load average ${os.loadavg()[0].toFixed(2)} at the end.`;
}

/** Replaces the section `heading` (a `## ` line) of docs/benchmarks.md with `section`. */
export function writeSection(heading: string, section: string): void {
  let text = readFileSync(FILE, 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start >= 0) {
    const end = text.indexOf('\n## ', start + 1);
    text = text.slice(0, start + 1) + (end >= 0 ? text.slice(end + 1) : '');
  }
  const kept = text.indexOf(`\n${KEPT_HEADING}\n`);
  text = kept >= 0 ? `${text.slice(0, kept + 1)}${section}\n${text.slice(kept + 1)}` : `${text.trimEnd()}\n\n${section}`;
  writeFileSync(FILE, text);
}
