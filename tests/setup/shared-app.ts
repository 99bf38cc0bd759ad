// The app a test file talks to (tests/setup/global.ts): the run starts one shared app per worker,
// each on a database of its own, and every file running in worker N uses app N. Files make their
// own data, so which app serves them changes nothing they see; what it changes is that two files
// running at once are served by two processes (on PGlite, two databases) rather than queued on one.
import { inject } from 'vitest';

/** One shared app of the run, as a test file sees it. */
export interface SharedApp {
  baseUrl: string;
  /** Its database's URL ('' on PGlite). */
  databaseUrl: string;
  /** File its stderr is appended to; a test during which it grows fails (each-file.ts). */
  serverLog: string;
  /** File its standard output (the request log) is appended to. */
  serverOut: string;
}

/** The app of the worker running this file (VITEST_POOL_ID counts workers from 1). */
export function sharedApp(): SharedApp {
  const apps = inject('apps');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return apps[(worker - 1) % apps.length];
}
