import { AsyncLocalStorage } from 'node:async_hooks';
import { openDatabase, type Database } from '../prisma/database.ts';
import { PrismaClient, type Prisma } from '../prisma/generated/client/client.ts';
import { env } from './env.ts';

/** The transaction a unit of work runs in (opened by graph/database/transaction.ts), if any. */
export const unitOfWork = new AsyncLocalStorage<{ tx: Prisma.TransactionClient; readOnly: boolean; afterCommit?: (() => void)[] }>();

let database: Database | undefined;
let client: PrismaClient | undefined;
let opening: Promise<PrismaClient> | undefined;

/** Opens the database of the environment once and returns the shared Prisma client. */
export function connect(): Promise<PrismaClient> {
  opening ??= (async () => {
    const { databaseUrl, dataDir, databasePoolSize, sqlTraceChars, sqlCaptureFile, statementTimeoutMs } = env();
    database = await openDatabase({ databaseUrl, dataDir, poolSize: databasePoolSize, traceChars: sqlTraceChars, captureFile: sqlCaptureFile, statementTimeoutMs });
    client = new PrismaClient({ adapter: database.adapterFactory });
    return client;
  })();
  return opening;
}

/** The shared Prisma client, outside any transaction; `connect()` must have completed. */
export function sharedClient(): PrismaClient {
  if (!client) throw new Error('database not connected: call connect() first');
  return client;
}

/**
 * The client to query with: the open transaction of the current unit of work when there is
 * one (a resolver reading inside a write or a snapshot sees that transaction's state), else
 * the shared client. NOTE: inside a unit of work the result has no `$transaction`; open
 * transactions only through graph/database/transaction.ts.
 */
export function prisma(): PrismaClient {
  return (unitOfWork.getStore()?.tx as PrismaClient | undefined) ?? sharedClient();
}

/**
 * Runs one statement outside any transaction: straight on the server's pool on PostgreSQL
 * (Database.direct), through Prisma on the embedded database. `connect()` must have completed.
 */
export function sql<T>(text: string, ...values: unknown[]): Promise<T[]> {
  return database?.direct ? database.direct<T>(text, values) : sharedClient().$queryRawUnsafe<T[]>(text, ...values);
}

/**
 * A named statement (prepared once per connection) whose commit does not wait for the disk
 * (DirectOptions in prisma/database.ts).
 */
export function relaxedSql<T>(name: string, text: string, ...values: unknown[]): Promise<T[]> {
  return database?.direct ? database.direct<T>(text, values, { relaxed: true, name }) : sharedClient().$queryRawUnsafe<T[]>(text, ...values);
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
