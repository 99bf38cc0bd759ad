// Locks of the write path (docs/decisions/010-write-path.md). Every writer of an aggregate
// takes them before it reads what it is about to change, so concurrent writers of the same
// rows run one after the other and each sees the last one's committed state.
import type { Tx } from './transaction.ts';

/** Kinds of natural key an upsert locks before its row may exist. */
export type KeyKind = 'product' | 'order' | 'process' | 'actor' | 'access_group' | 'cost_expense' | 'order_balance' | 'api_key' | 'persisted_document';

/**
 * Takes a transaction advisory lock on `(company, kind:key)` for every key, in one statement
 * and in a stable order (sorted by hash), so two batches sharing keys cannot deadlock. Held
 * until the transaction ends.
 */
export async function lockKeys(tx: Tx, companyId: number, kind: KeyKind, keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (!unique.length) return;
  await tx.$queryRaw`
    SELECT count(*)::int AS n FROM (
      SELECT pg_advisory_xact_lock(${companyId}::int, h)
      FROM (SELECT DISTINCT hashtext(${kind}::text || ':' || k) AS h FROM unnest(${unique}::text[]) AS k ORDER BY 1) AS keys
    ) AS locked`;
}

/** Rows of a table by key, for the writers that lock rows of several companies at once. */
type RowKeys = readonly { company_id: number; id: number }[];

/**
 * Locks rows `(company_id, id)` of `table` without changing them (FOR UPDATE, in key order),
 * for a writer of parts of several processes at once (a vessel's new ETA moving shipments):
 * it runs after, or before, each process's own writers.
 */
export async function lockRows(tx: Tx, table: 'processes', keys: RowKeys): Promise<void> {
  if (!keys.length) return;
  await tx.$queryRawUnsafe(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM ${table} r JOIN jsonb_to_recordset($1::jsonb) AS k(company_id int, id int) ON r.company_id = k.company_id AND r.id = k.id
       ORDER BY r.company_id, r.id FOR UPDATE OF r
     ) AS locked`,
    JSON.stringify(keys),
  );
}

/**
 * Touches `updated_at` of rows `(company_id, id)` of `table` the transaction has locked
 * (lockRows), as lockRoots does: a REPEATABLE READ writer that read them before fails and runs
 * again, and the events outbox captures them (graph/events/outbox.ts), so the change is one
 * of the process's own.
 */
export async function touchRows(tx: Tx, table: 'processes', keys: RowKeys): Promise<void> {
  if (!keys.length) return;
  await tx.$executeRawUnsafe(
    `UPDATE ${table} r SET updated_at = now() FROM jsonb_to_recordset($1::jsonb) AS k(company_id int, id int) WHERE r.company_id = k.company_id AND r.id = k.id`,
    JSON.stringify(keys),
  );
}

/** The aggregate roots a batch upsert finds by natural key, and that key's column. */
type KeyedRoots = { products: 'code'; orders: 'reference_code'; processes: 'reference_code' };

/**
 * Locks the live roots of `table` in the company (and operation) whose natural key is one of
 * `keys`, without changing them (FOR UPDATE, in id order), for a batch upsert that then
 * updates every root it locked, `updated_at` included: a REPEATABLE READ writer that read one
 * before still fails and runs again, as with lockRoots' touch, but each root gets one new row
 * version (and one captured change, graph/events/outbox.ts) instead of two.
 */
export async function lockRootsByKey<T extends keyof KeyedRoots>(
  tx: Tx,
  table: T,
  column: KeyedRoots[T],
  scope: { company_id: number; operation_id?: number },
  keys: readonly string[],
): Promise<void> {
  if (!keys.length) return;
  const operation = scope.operation_id === undefined ? '' : 'AND operation_id = $3';
  await tx.$queryRawUnsafe(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM ${table} WHERE company_id = $1 ${operation} AND ${column} = ANY($2::text[]) AND deleted_at IS NULL
       ORDER BY id FOR UPDATE
     ) AS locked`,
    scope.company_id,
    [...new Set(keys)],
    ...(scope.operation_id === undefined ? [] : [scope.operation_id]),
  );
}

/** A model delegate with the two calls a root lock needs. */
export interface RootDelegate {
  // Prisma's delegates are generic over their argument types; every one is this (TypeScript
  // compares method parameters either way), the `where` being built from the caller's columns.
  updateMany(args: { where: object; data: object }): PromiseLike<{ count: number }>;
}

/**
 * Locks the live aggregate roots matching `where` by touching `updated_at` (an UPDATE takes
 * the row lock and, at REPEATABLE READ, fails a transaction that read an older version).
 * Answers how many rows it locked; 0 means not found.
 */
export async function lockRoots(delegate: RootDelegate, where: Record<string, unknown>): Promise<number> {
  const { count } = await delegate.updateMany({
    where: { ...where, deleted_at: null },
    data: { updated_at: new Date() },
  });
  return count;
}
