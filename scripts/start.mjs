// `npm start`: when the app's sources changed since its build (scripts/ensure-build.mjs), the app
// is built while the database is migrated and its reference data loaded
// (scripts/prepare-database.ts), side by side; then the server starts (scripts/serve.mjs). When
// the documentation site is not built yet (the first start after an install), it is built in a
// process of its own while the server already serves the API; its pages say so until then
// (docs/getting-started.md, "Starting"). Plain JavaScript, run without a TypeScript loader.
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import os from 'node:os';
import { appIsCurrent, siteIsCurrent } from './ensure-build.mjs';

class StartError extends Error {}

/** Runs a step as its own Node process; it prints its own output and reasons. */
function run(args) {
  return new Promise((resolve, reject) =>
    spawn(process.execPath, args, { stdio: 'inherit' })
      .on('error', reject)
      .on('exit', (code, signal) => (code === 0 ? resolve() : reject(new StartError(`${args.join(' ')} stopped (${signal ?? `exit code ${code}`})`)))),
  );
}

async function prepare() {
  try {
    await Promise.all([run(['scripts/ensure-build.mjs', '--app']), run(['--import', 'tsx', 'scripts/prepare-database.ts'])]);
  } catch (e) {
    console.error(e instanceof StartError ? e.message : e);
    process.exit(1);
  }
}

/**
 * The site's build beside the server, at a lower priority so that the server's start comes
 * first; it ends with this process. A failed one is reported, and the next start tries again.
 */
function buildSiteMeanwhile() {
  const site = spawn(process.execPath, ['scripts/ensure-build.mjs', '--site'], { stdio: 'inherit' });
  if (site.pid) os.setPriority(site.pid, 10);
  site.on('exit', (code) => code && console.error(`the documentation site could not be built (exit code ${code}); the API serves on`));
  process.on('exit', () => site.exitCode === null && site.kill());
}

// A production start's workers run this file too (app/server/supervisor.server.ts): they only serve.
if (cluster.isPrimary) {
  if (!appIsCurrent()) await prepare();
  if (!siteIsCurrent()) buildSiteMeanwhile();
}
await import('./serve.mjs');
