// Development tool: writes prisma/migrations/<stamp>_<name>/migration.sql with the SQL that
// takes the latest migration to the current prisma/schema, computed on a scratch in-memory
// PGlite (no server and no native engine download needed).
import { schemaDriftSql, writeMigration } from '../prisma/migrate.ts';

const name = process.argv[2];
if (!name) {
  console.error('usage: npm run db:create-migration -- <name>');
  process.exit(2);
}
const sql = await schemaDriftSql();
const folder = writeMigration(name, sql ? `${sql}\n` : '');
console.log(folder ? `wrote prisma/migrations/${folder}` : 'schema unchanged: no migration written');
