import { defineConfig } from 'prisma/config';

// The datasource URL is only read by Prisma's own CLI (e.g. `prisma migrate deploy` on a
// machine that can download the native engine). The app itself connects through a driver
// adapter chosen in prisma/database.ts and applies migrations with prisma/migrate.ts.
export default defineConfig({
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/tradetrack' },
});
