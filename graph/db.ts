import { openDatabase, type Database } from '../prisma/database.ts';
import { PrismaClient } from '../prisma/generated/client/client.ts';
import { env } from './env.ts';

let database: Database | undefined;
let client: PrismaClient | undefined;
let opening: Promise<PrismaClient> | undefined;

/** Opens the database of the environment once and returns the shared Prisma client. */
export function connect(): Promise<PrismaClient> {
  opening ??= (async () => {
    const { databaseUrl, dataDir, databasePoolSize, sqlTraceChars } = env();
    database = await openDatabase({ databaseUrl, dataDir, poolSize: databasePoolSize, traceChars: sqlTraceChars });
    client = new PrismaClient({ adapter: database.adapterFactory });
    return client;
  })();
  return opening;
}

/** The shared Prisma client; `connect()` must have completed. */
export function prisma(): PrismaClient {
  if (!client) throw new Error('database not connected: call connect() first');
  return client;
}

/** The open database (adapter factory for the migration engine, kind). */
export async function openedDatabase(): Promise<Database> {
  await connect();
  return database!;
}

/** Closes the client and the database (PGlite keeps the process alive until closed). */
export async function disconnect(): Promise<void> {
  if (!opening) return;
  await client?.$disconnect();
  await database?.close();
  client = undefined;
  database = undefined;
  opening = undefined;
}
