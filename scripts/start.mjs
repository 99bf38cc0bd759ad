// `npm start`: the app is built when its sources changed (scripts/ensure-build.mjs) while the
// database is migrated and its reference data loaded (scripts/prepare-database.ts), side by
// side; then the server starts (scripts/serve.mjs). A start whose build is current skips both
// steps: the server checks the database itself, quickly when nothing is pending
// (docs/getting-started.md, "Starting"). Plain JavaScript, run without a TypeScript loader.
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { buildIsCurrent } from './ensure-build.mjs';

class StartError extends Error {}

/** Runs a step as its own Node process; it prints its own output and reasons. */
function run(args) {
  return new Promise((resolve, reject) =>
    spawn(process.execPath, args, { stdio: 'inherit' })
      .on('error', reject)
      .on('exit', (code, signal) => (code === 0 ? resolve() : reject(new StartError(`${args.at(-1)} stopped (${signal ?? `exit code ${code}`})`)))),
  );
}

async function prepare() {
  try {
    await Promise.all([run(['scripts/ensure-build.mjs']), run(['--import', 'tsx', 'scripts/prepare-database.ts'])]);
  } catch (e) {
    console.error(e instanceof StartError ? e.message : e);
    process.exit(1);
  }
}

// A production start's workers run this file too (app/server/supervisor.server.ts): they only serve.
if (cluster.isPrimary && !buildIsCurrent()) await prepare();
await import('./serve.mjs');
