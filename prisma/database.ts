import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ClientConfig } from 'pg';
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from '@prisma/driver-adapter-utils';
import { markIfUnavailable, noteAvailable } from './availability.ts';
import { preparedStatementNames } from './prepared-reads.ts';

/**
 * Where the data lives (an embedded PGlite folder or a PostgreSQL server URL) and how to use it.
 * NOTE: prisma/ reads no environment: it sits below graph/, whose env.ts validates every
 * setting once; graph/db.ts passes these in.
 */
export interface DatabaseConfig {
  databaseUrl?: string;
  dataDir: string;
  /** Connections in the pool of a PostgreSQL server (default 10). */
  poolSize?: number;
  /** Print the first this many characters of every statement and its time to stderr (diagnosis only). */
  traceChars?: number;
  /** On a PostgreSQL server, cancel any statement running longer than this many ms (docs/limits.md). */
  statementTimeoutMs?: number;
  /**
   * Append every statement a request runs (counted by `sqlCounter`), with its parameters, as
   * one JSON line to this file (tests/query-plans.test.ts replays them under EXPLAIN).
   */
  captureFile?: string;
}

/** How the statements are watched: traced to stderr, captured to a file (DatabaseConfig). */
type Watch = Pick<DatabaseConfig, 'traceChars' | 'captureFile'>;

/** One captured statement: its text, its parameters as the adapter received them and their types. */
export interface CapturedStatement {
  sql: string;
  args: unknown[];
  argTypes?: unknown[];
}

/** Appends one statement to the capture file: bigints as text, bytes as base64 (JSON has neither). */
function capture(file: string, statement: CapturedStatement): void {
  const line = JSON.stringify(statement, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
  );
  appendFileSync(file, `${line}\n`);
}

/** An open database: the adapter factory Prisma and the migration engine share. */
/** How a direct statement runs. */
export interface DirectOptions {
  /**
   * Its commit does not wait for the disk (`synchronous_commit = off`): for a statement whose
   * loss in a crash of the database server changes nothing, because the next durable commit
   * (PostgreSQL writes its log in order) makes it durable too, or because it is bookkeeping.
   */
  relaxed?: boolean;
  /** A name to prepare the statement under: planned once per connection, not at every call. */
  name?: string;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /**
   * One statement straight on the server's pool, outside Prisma and any transaction (counted
   * like the others): for the small bookkeeping statements of every request, where Prisma's
   * own work per statement would weigh more than the statement (docs/benchmarks.md). Null on
   * the embedded database, whose one connection belongs to Prisma.
   */
  direct: (<T>(text: string, values: unknown[], options?: DirectOptions) => Promise<T[]>) | null;
  /**
   * Calls `onPayload` with the payload of every NOTIFY on `channel` once its transaction
   * commits, from any process on a PostgreSQL server (a connection of its own, opened again
   * when it breaks), or from this one on the embedded database. Answers how to stop.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Counts the SQL statements run inside `sqlCounter.run(...)`, e.g. per HTTP request; `reads`
 * counts the queries among them; `canceled` is set when the server canceled one for running
 * past the statement timeout (PostgreSQL 57014).
 */
export const sqlCounter = new AsyncLocalStorage<SqlCount>();

/** What `sqlCounter` counts for one scope (one HTTP request). */
export interface SqlCount {
  statements: number;
  reads?: number;
  canceled?: boolean;
}

/** Whether an adapter error is a statement canceled by the statement timeout. */
const canceledByTimeout = (e: unknown) => {
  const cause = (e as { cause?: { originalCode?: unknown; code?: unknown } } | undefined)?.cause;
  return cause?.originalCode === '57014' || cause?.code === '57014';
};
function counted<T extends { queryRaw(q: SqlQuery): Promise<unknown>; executeRaw(q: SqlQuery): Promise<number> }>(target: T, watch: Watch): T {
  const { traceChars, captureFile } = watch;
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (prop === 'queryRaw' || prop === 'executeRaw') {
        return (q: SqlQuery) => {
          const store = sqlCounter.getStore();
          if (store) {
            store.statements += 1;
            if (prop === 'queryRaw') store.reads = (store.reads ?? 0) + 1;
            if (captureFile) capture(captureFile, { sql: q.sql, args: q.args, argTypes: q.argTypes });
          }
          const run = () =>
            (value as (q: SqlQuery) => Promise<unknown>).call(obj, q).then(
              (result) => {
                noteAvailable();
                return result;
              },
              (e: unknown) => {
                if (store && canceledByTimeout(e)) store.canceled = true;
                throw markIfUnavailable(e);
              },
            );
          if (!traceChars) return run();
          const started = performance.now();
          return run().finally(() => {
            const ms = (performance.now() - started).toFixed(1);
            console.error(`[sql ${ms} ms] ${q.sql.replace(/\s+/g, ' ').slice(0, traceChars)}`);
          });
        };
      }
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) => {
          const tx = await (value as (...a: unknown[]) => Promise<Transaction>).apply(obj, args).catch((e: unknown) => {
            throw markIfUnavailable(e);
          });
          return counted(tx, watch);
        };
      }
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}

/**
 * NOTE: the PostgreSQL adapter runs a migration script by splitting it at every `;`, which
 * breaks a function body (`$$ ... ; ... $$`, the events capture trigger). The server reads a
 * script of several statements by itself (the simple query protocol), so the script is sent
 * whole, as `prisma migrate deploy` does. PGlite's adapter already sends it whole.
 */
function wholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const driver = (adapter as { underlyingDriver?: () => unknown }).underlyingDriver?.() as { query?: (text: string) => Promise<unknown> } | undefined;
  if (adapter.provider !== 'postgres' || adapter.adapterName !== '@prisma/adapter-pg' || typeof driver?.query !== 'function') return adapter;
  return new Proxy(adapter, {
    get(obj, prop, receiver) {
      if (prop === 'executeScript') return async (script: string) => void (await driver.query!(script));
      const value = Reflect.get(obj, prop, receiver);
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}

function countingFactory(factory: SqlMigrationAwareDriverAdapterFactory, watch: Watch): SqlMigrationAwareDriverAdapterFactory {
  return new Proxy(factory, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (prop === 'connect') {
        return async () => wholeScripts(counted(await (value as () => Promise<SqlDriverAdapter>).call(obj), watch));
      }
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}

/**
 * How long opening a connection to the PostgreSQL server may take. A server that takes the
 * connection and never answers, or a host that drops it, would otherwise hold a request until
 * the transaction's wait for a connection (10 s) and its retries ran out, a 409 after a minute;
 * with it the request answers 503 (docs/limits.md, Database unavailable). Half that wait.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Settings of every pooled connection to a PostgreSQL server: no JIT compilation
 * (docs/decisions/019-assembled-pages.md, "No JIT"). A page's statement writes hundreds of
 * expressions; compiling them costs PostgreSQL 1 to 3 s, its run some 100 ms, and it compiles
 * whenever the plan's estimated cost passes `jit_above_cost`, which the estimates of a large
 * company or of freshly written tables do.
 */
export const SESSION_OPTIONS = '-c jit=off';

/** Opens the database named by the config: PGlite under `dataDir` when no URL is given. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    const { PrismaPg } = await import('@prisma/adapter-pg');
    const { default: pg } = await import('pg');
    // Every connection, the pools' and the LISTEN client's, gives up connecting after
    // CONNECT_TIMEOUT_MS (only the connect: a pool's queue keeps its own wait).
    class BoundedClient extends pg.Client {
      constructor(options?: string | ClientConfig) {
        super({ ...(typeof options === 'string' ? { connectionString: options } : options), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
        // A client in use that loses its server (an administrator's stop) emits an error besides
        // failing its query: without a listener that would be an uncaught exception.
        this.on('error', (e) => void markIfUnavailable(e));
      }
    }
    const pool = new pg.Pool({
      Client: BoundedClient,
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 10,
      options: SESSION_OPTIONS,
      ...(config.statementTimeoutMs ? { statement_timeout: config.statementTimeoutMs } : {}),
    });
    // NOTE: an idle client losing its server must not crash the process; the pool replaces it.
    // A lost server is an outage, logged once (prisma/availability.ts).
    pool.on('error', (e) => void markIfUnavailable(e));
    let relaxed: InstanceType<typeof pg.Pool> | undefined;
    const relaxedPool = () => {
      if (relaxed) return relaxed;
      relaxed = new pg.Pool({ Client: BoundedClient, connectionString: config.databaseUrl, max: 3, options: `${SESSION_OPTIONS} -c synchronous_commit=off`, ...(config.statementTimeoutMs ? { statement_timeout: config.statementTimeoutMs } : {}) });
      relaxed.on('error', (e) => void markIfUnavailable(e));
      return relaxed;
    };
    return {
      kind: 'postgres',
      adapterFactory: countingFactory(new PrismaPg(pool, {
        // The adapter passes the name to pg as it is; pg sends an unnamed statement for undefined.
        statementNameGenerator: preparedStatementNames() as (query: { sql: string }) => string,
      }), config),
      direct: async <T>(text: string, values: unknown[], options: DirectOptions = {}) => {
        const store = sqlCounter.getStore();
        if (store) store.statements += 1;
        if (store && config.captureFile) capture(config.captureFile, { sql: text, args: values });
        const query = options.name ? { name: options.name, text, values } : { text, values };
        const { rows } = await (options.relaxed ? relaxedPool() : pool).query(query).catch((e: unknown) => {
          throw markIfUnavailable(e);
        });
        noteAvailable();
        return rows as T[];
      },
      listen: async (channel, onPayload) => {
        let stopped = false;
        let client: InstanceType<typeof pg.Client> | undefined;
        // A broken connection, or a failed attempt to open one, is tried again a second later;
        // notifications meanwhile are lost. Only the connection in use reopens when it ends.
        const reopen = () => void (stopped || setTimeout(() => connect().catch(reopen), 1000));
        const connect = async (): Promise<void> => {
          if (stopped) return;
          const c = new BoundedClient({ connectionString: config.databaseUrl });
          c.on('notification', (n) => n.channel === channel && n.payload !== undefined && onPayload(n.payload));
          c.on('error', (e) => void markIfUnavailable(e));
          c.on('end', () => client === c && reopen());
          try {
            await c.connect();
            await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
          } catch (e) {
            await c.end().catch(() => undefined);
            throw e;
          }
          client = c;
        };
        await connect();
        return async () => {
          stopped = true;
          await client?.end();
        };
      },
      close: async () => {
        await relaxed?.end();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PrismaPGlite } = await import('pglite-prisma-adapter');
  const { preparingClient } = await import('./pglite-statements.ts');
  const dir = path.resolve(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: await pgliteExtensions() });
  return {
    kind: 'pglite',
    adapterFactory: countingFactory(new PrismaPGlite(preparingClient(client)), config),
    direct: null,
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

/** The PostgreSQL extensions the migrations create (pg_trgm for vessel search), as PGlite loads them. */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}
