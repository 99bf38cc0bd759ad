// `npm run db:migrate`: applies prisma/migrations to the database of the environment.
import { openedDatabase, disconnect } from '../graph/db.ts';
import { applyMigrations } from '../prisma/migrate.ts';

try {
  const applied = await applyMigrations((await openedDatabase()).adapterFactory);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await disconnect();
}
// NOTE: exit once done: the migration engine leaves a 10 s timer of its own pending.
process.exit(0);
