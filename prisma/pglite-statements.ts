// Prepared reads on the embedded database (docs/decisions/009-relation-loading.md, "Prepared
// reads"). PGlite sends every query as an unnamed statement, parsed and planned on each call, and
// a process's whole tree is one statement of about 190 joined tables that PGlite takes some 20 ms
// to plan and 1 to 3 ms to run. The client handed to Prisma's adapter here sends each long
// statement as a named prepared statement instead, through PGlite's own protocol functions: it is
// parsed once, and after five calls PostgreSQL may keep a generic plan and skip planning.
import { parse, protocol, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { PREPARE_FROM_CHARS, PREPARED_PER_PROCESS } from './prepared-reads.ts';

type QueryOptions = Parameters<PGlite['query']>[2];
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  name: string;
  /** The type of each parameter, as the server described the statement. */
  paramTypes: number[];
}

/**
 * `pg` as Prisma's adapter uses it (query, exec, transaction), with the statements of
 * PREPARE_FROM_CHARS characters or more prepared by name. The most recently used
 * PREPARED_PER_PROCESS are kept; the statement least recently used is closed to make room.
 */
export function preparingClient(pg: PGlite): PGlite {
  const kept = new Map<string, Prepared>();
  let made = 0;
  const send = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  /** Statements no longer kept, closed at the end of the call that dropped them. */
  const retired: string[] = [];
  const retire = (sql: string) => {
    const statement = kept.get(sql);
    if (!statement) return;
    kept.delete(sql);
    retired.push(statement.name);
  };

  /** Prepares `sql` unless it is kept, and marks it the most recently used. */
  async function prepared(sql: string): Promise<Prepared> {
    const known = kept.get(sql);
    if (known) {
      kept.delete(sql);
      kept.set(sql, known);
      return known;
    }
    if (kept.size >= PREPARED_PER_PROCESS) retire(kept.keys().next().value as string);
    const statement: Prepared = { name: `tt_read_${made++}`, paramTypes: [] };
    await send(protocol.serialize.parse({ name: statement.name, text: sql }));
    kept.set(sql, statement);
    statement.paramTypes = parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name: statement.name })));
    return statement;
  }

  /** Runs `sql` by its prepared statement; the caller holds PGlite's query lock. */
  async function run(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
    const messages: BackendMessage[] = [];
    try {
      const statement = await prepared(sql);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[i];
        const serialize = options?.serializers?.[type] ?? pg.serializers[type];
        return serialize ? serialize(value) : String(value);
      });
      messages.push(
        ...(await send(protocol.serialize.bind({ statement: statement.name, values }))),
        ...(await send(protocol.serialize.describe({ type: 'P' }))),
        ...(await send(protocol.serialize.execute({}))),
      );
    } catch (e) {
      // A statement a failed call leaves kept could keep failing (a plan the schema no longer
      // fits): it is prepared again on the next call.
      retire(sql);
      throw e;
    } finally {
      messages.push(...(await send(protocol.serialize.sync())));
      if (retired.length) {
        for (const name of retired.splice(0)) await send(protocol.serialize.close({ type: 'S', name }));
        await send(protocol.serialize.sync());
      }
    }
    return parse.parseResults(messages, pg.parsers, options)[0];
  }

  const query = async <T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (sql.length < PREPARE_FROM_CHARS) return pg.query<T>(sql, params, options);
    // As PGlite's own query: one at a time, after any transaction under way, then written out.
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const results = await run(sql, params, options);
        await pg.syncToFs();
        return results as Results<T>;
      }),
    );
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    pg.transaction((tx) =>
      callback(
        Object.create(tx, {
          query: {
            value: async <R>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
              if (sql.length < PREPARE_FROM_CHARS) return tx.query<R>(sql, params, options);
              if (tx.closed) throw new Error('Transaction is closed');
              return pg._runExclusiveQuery(async () => (await run(sql, params, options)) as Results<R>);
            },
          },
        }) as Transaction,
      ),
    );

  return new Proxy(pg, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'transaction') return transaction;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

