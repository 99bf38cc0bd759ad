// Development tool: writes prisma/migrations/<stamp>_<name>/migration.sql with the SQL that
// takes the latest migration to the current prisma/schema.prisma, computed on a scratch
// in-memory PGlite (no server and no native engine download needed).
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { pendingSchemaSql, writeMigration } from '../prisma/migrate.ts';

const name = process.argv[2];
if (!name) {
  console.error('usage: npm run db:create-migration -- <name>');
  process.exit(2);
}
const scratch = await PGlite.create();
const sql = await pendingSchemaSql(new PrismaPGlite(scratch)).catch(async (e) => {
  const { lastPanic } = await import("../prisma/schema-engine.ts");
  console.error(lastPanic ?? e);
  process.exit(1);
});
const extra = process.argv[3] ? `\n${process.argv[3]}\n` : '';
const folder = writeMigration(name, sql + extra);
console.log(folder ? `wrote prisma/migrations/${folder}` : 'schema unchanged: no migration written');
await scratch.close();
