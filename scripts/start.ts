// `npm start`: the app is built (when its sources changed, scripts/ensure-build.mjs) while the
// database is migrated and its reference data loaded (scripts/prepare-database.ts), side by
// side; then the server starts (scripts/serve.ts). On a new machine the two take about as long
// as each other, so a first start waits for the longer one only.
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';

class StartError extends Error {}

/** Runs a step as its own Node process; it prints its own output and reasons. */
function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    spawn(process.execPath, args, { stdio: 'inherit' })
      .on('error', reject)
      .on('exit', (code, signal) => (code === 0 ? resolve() : reject(new StartError(`${args.at(-1)} stopped (${signal ?? `exit code ${code}`})`)))),
  );
}

async function prepare(): Promise<void> {
  try {
    await Promise.all([run(['scripts/ensure-build.mjs']), run(['--import', 'tsx', 'scripts/prepare-database.ts'])]);
  } catch (e) {
    console.error(e instanceof StartError ? e.message : e);
    process.exit(1);
  }
}

// A production start's workers run this file too (app/server/supervisor.server.ts): they only serve.
if (cluster.isPrimary) await prepare();
await import('./serve.ts');
