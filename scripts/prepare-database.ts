// The database made ready to serve: migrations applied and the global reference data loaded
// (both idempotent). `npm start` runs this while the app builds (scripts/start.mjs); the server
// checks both again when it starts, which is then quick.
import { disconnect, openedDatabase } from '../graph/db.ts';
import { applyMigrations } from '../prisma/migrate.ts';
import { seedReferenceData } from '../graph/reference/seed.ts';

try {
  const applied = await applyMigrations((await openedDatabase()).adapterFactory);
  if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
  await seedReferenceData();
} catch (e) {
  // A bad setting (graph/env.ts) names the variables at fault, without a stack.
  if (e instanceof Error && e.name === 'EnvError') {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
} finally {
  await disconnect();
}
// NOTE: exit once done: the migration engine leaves a 10 s timer of its own pending, which
// would hold this process (and `npm start`, waiting for it) that much longer.
process.exit(0);
