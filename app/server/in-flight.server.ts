// The requests whose handler still runs, so that a stop closes the database only after them
// (docs/getting-started.md, Running in production). The server's own close does not cover them:
// it waits for connections, and a client that hung up has none left while its handler still
// reads and writes.

/** A count of running handlers, and a wait until none runs. */
export interface InFlight {
  /** How many run now. */
  readonly running: number;
  /** Runs `handler`, counted until what it answers settles, answered or failed. */
  track<T>(handler: () => T | Promise<T>): Promise<T>;
  /** Settles once no handler runs (at once when none does). */
  idle(): Promise<void>;
}

export function inFlight(): InFlight {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get running() {
      return running;
    },
    async track(handler) {
      running++;
      try {
        return await handler();
      } finally {
        running--;
        if (running === 0) for (const wake of waiting.splice(0)) wake();
      }
    },
    idle: () => (running === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
}
