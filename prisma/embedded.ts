// The embedded database (PGlite) of a data folder, opened once per process whichever bundle asks
// first (docs/getting-started.md, "Starting"). A serving process's first bundle (build/primary.js)
// starts opening it before the app's own bundle is loaded, so that PGlite's WebAssembly compiles
// on another core while the app's modules load; the app's `openDatabase` then takes that opening
// over instead of starting another. The two bundles hold separate copies of this module, so the
// opening under way is handed over through one well-known global slot, taken once.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

const SLOT = Symbol.for('tradetrack.embedded-database.opening');

interface Opening {
  dir: string;
  client: Promise<PGlite>;
}

type WithSlot = { [SLOT]?: Opening };

/** The folder of the embedded database under a data folder. */
export const embeddedDir = (dataDir: string) => path.resolve(dataDir, 'pglite');

/** The PostgreSQL extensions the migrations create (pg_trgm for vessel search), as PGlite loads them. */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

async function create(dir: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  mkdirSync(dir, { recursive: true });
  return PGlite.create(dir, { extensions: await pgliteExtensions() });
}

/** Starts opening the embedded database in `dir` for this process's `openEmbedded` to take over. */
export function openEmbeddedEarly(dir: string): void {
  const client = create(dir);
  // Its failure is answered to the one that takes it over (the app's start), not reported here.
  client.catch(() => {});
  (globalThis as WithSlot)[SLOT] = { dir, client };
}

/** The embedded database in `dir`: the opening started early for it when there is one, else a new one. */
export function openEmbedded(dir: string): Promise<PGlite> {
  const slot = globalThis as WithSlot;
  const early = slot[SLOT];
  if (early) {
    delete slot[SLOT];
    if (early.dir === dir) return early.client;
    // An early opening of another folder is closed, never used.
    void early.client.then((c) => c.close()).catch(() => {});
  }
  return create(dir);
}
