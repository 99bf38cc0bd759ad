// The settings of the app's connections to a PostgreSQL server (prisma/database.ts): no JIT
// compilation on any pooled connection (docs/decisions/019-assembled-pages.md, "No JIT"). The
// connections are opened by the app's own code, on a database of the test's own server.
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../prisma/database.ts';

describe.runIf(inject('databaseKind') === 'postgres')('connections to a PostgreSQL server', () => {
  it('run without JIT compilation, on the main pool and on the pool whose commits do not wait for the disk', async () => {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' });
    try {
      const settings = async (relaxed: boolean) =>
        (await db.direct!<{ jit: string; commit: string }>(`SELECT current_setting('jit') AS jit, current_setting('synchronous_commit') AS commit`, [], { relaxed }))[0];
      // Several at once, so that more than one connection of each pool answers.
      const main = await Promise.all(Array.from({ length: 4 }, () => settings(false)));
      const relaxed = await Promise.all(Array.from({ length: 3 }, () => settings(true)));
      expect(main).toEqual(Array(4).fill({ jit: 'off', commit: 'on' }));
      expect(relaxed).toEqual(Array(3).fill({ jit: 'off', commit: 'off' }));
    } finally {
      await db.close();
    }
  });
});
