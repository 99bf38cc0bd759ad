// `npm run db:migrate`: applies prisma/migrations to the database of the environment.
import { openedDatabase, disconnect } from '../graph/db.ts';
import { applyMigrations } from '../prisma/migrate.ts';

try {
  const applied = await applyMigrations((await openedDatabase()).adapterFactory);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await disconnect();
}
