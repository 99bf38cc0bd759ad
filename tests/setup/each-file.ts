import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { afterEach, beforeEach } from 'vitest';
import { sharedApp } from './shared-app.ts';

// A test fails when, while it ran,
// - the test process called console.error, or
// - the app server wrote anything to its stderr (a 500's "[rest] unexpected error", an
//   error the GraphQL layer masked, a failed query...). tests/setup/app-server.ts appends the
//   server's stderr to the file `serverLog`; each test notes the file's size before it starts
//   and reads what was added when it ends.
//
// Attribution is by time, not by request: tests run in two workers against one server, and
// some files run their tests concurrently (it.concurrent), so a line caused by another test
// can land in this test's window too (both then fail, and the culprit is the one whose
// requests match the logged method and path). Lines written outside any test's window
// (beforeAll/afterAll hooks, between tests) are echoed to the console as "[server] ..." but
// fail nothing.

const serverLog = sharedApp().serverLog;

/** Lines the server may write to stderr without it being an error. */
function ignorable(line: string): boolean {
  // Node's process warnings (an experimental or deprecated API used by a dependency) and the
  // hint line that follows them: notices about the runtime, not errors of the app.
  if (/^\(node:\d+\) (\[\w+\] )?(ExperimentalWarning|DeprecationWarning):/.test(line)) return true;
  if (line.startsWith('(Use `node --trace-')) return true;
  // Statement traces asked for with SQL_TRACE=1 (prisma/database.ts): diagnostics, not errors.
  if (/^\[sql \d+(\.\d+)? ms\] /.test(line)) return true;
  return false;
}

const sizeOf = (file: string) => statSync(file).size;

/** What was appended to `file` from byte `start` on (at most 1 MiB). */
function readFrom(file: string, start: number): string {
  const length = Math.min(sizeOf(file) - start, 1024 * 1024);
  if (length <= 0) return '';
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, length, start);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

/** Every console.error call the file's tests made, in order (the original still prints them). */
const consoleErrors: string[] = [];
// A worker runs its files in one process (vitest.config.ts, `isolate: false`) and this file
// again before each of them: each run wraps the original console.error, not the last wrapper.
type ConsoleError = typeof console.error & { original?: typeof console.error };
const printError = (console.error as ConsoleError).original ?? console.error.bind(console);
console.error = Object.assign(
  (...args: unknown[]) => {
    consoleErrors.push(args.join(' '));
    printError(...args);
  },
  { original: printError },
);

/** Where each running test's window starts: tests of one file may run concurrently (it.concurrent). */
const windows = new Map<string, { logStart: number; errorsStart: number }>();

beforeEach(({ task }) => {
  windows.set(task.id, { logStart: sizeOf(serverLog), errorsStart: consoleErrors.length });
});

afterEach(async ({ task }) => {
  const { logStart, errorsStart } = windows.get(task.id)!;
  windows.delete(task.id);
  const calls = consoleErrors.slice(errorsStart);
  // The server writes its line after answering; give late lines time to arrive.
  await new Promise((r) => setTimeout(r, 50));
  const logged = readFrom(serverLog, logStart)
    // without terminal colour codes
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !ignorable(line));
  const problems: string[] = [];
  if (calls.length) problems.push(`unexpected console.error: ${calls.join('\n')}`);
  if (logged.length) {
    const shown = logged.slice(0, 40);
    const more = logged.length > shown.length ? `\n... (${logged.length} lines in all)` : '';
    problems.push(`the app server wrote to stderr during this test:\n${shown.join('\n')}${more}`);
  }
  if (problems.length) throw new Error(problems.join('\n'));
});
