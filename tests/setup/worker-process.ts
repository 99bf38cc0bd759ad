// Worker processes (`npm run worker`) of a test, on the database of the test's own app: started,
// killed and restarted by the test, all stopped at its end. The embedded database serves one
// process, so tests that start workers run on PostgreSQL only.
import { spawn, type ChildProcess } from 'node:child_process';
import { nodeArgs } from './project-process.ts';

/** Starts and stops `npm run worker` processes on `databaseUrl` with the given settings. */
export function workerProcesses(databaseUrl: () => string, defaults: Record<string, string> = {}) {
  const started: ChildProcess[] = [];

  /** Starts a worker; resolves once it says it started. */
  function start(settings: Record<string, string> = {}): Promise<ChildProcess> {
    const child = spawn(process.execPath, nodeArgs('scripts/worker.ts'), {
      env: { ...process.env, DATABASE_URL: databaseUrl(), NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', ...defaults, ...settings },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    child.stderr!.on('data', (d) => process.stderr.write(`[worker ${child.pid}] ${d}`));
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (d) => {
        output += d;
        if (output.includes('started')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`worker exited (${code}) before starting: ${output}`)));
    });
  }

  /** Stops a worker with `signal` and waits for it to exit. */
  async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  /** Stops every worker this test started. */
  async function stopAll(): Promise<void> {
    for (const child of started) await stop(child);
  }

  return { start, stop, stopAll };
}
