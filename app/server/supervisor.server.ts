// The production supervisor (docs/getting-started.md, Running in production): the first
// process of a production start runs no server itself; it starts the workers, which share the
// port, and starts a new one whenever one dies. The first worker starts alone, so only one
// applies migrations; the others follow once it listens.
import cluster from 'node:cluster';

/** Least time between two starts of a worker, so a worker that cannot start does not spin. */
const RESTART_DELAY_MS = 1_000;

/** Runs `count` workers until SIGTERM or SIGINT; answers when they have all stopped. */
export function supervise(count: number, log: (line: string) => void): Promise<void> {
  let stopping = false;
  let lastStart = 0;
  const start = () =>
    new Promise<void>((ready) => {
      const wait = Math.max(0, lastStart + RESTART_DELAY_MS - Date.now());
      setTimeout(() => {
        lastStart = Date.now();
        const worker = cluster.fork();
        worker.on('message', (m) => m === 'listening' && ready());
        worker.on('exit', () => ready());
      }, wait);
    });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log(`worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    void start();
  });
  return new Promise((done) => {
    const stop = () => {
      if (stopping) return;
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      const check = setInterval(() => {
        if (!Object.keys(cluster.workers ?? {}).length) {
          clearInterval(check);
          done();
        }
      }, 100);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    void (async () => {
      await start();
      for (let i = 1; i < count; i++) void start();
      log(`supervising ${count} worker${count > 1 ? 's' : ''}`);
    })();
  });
}
