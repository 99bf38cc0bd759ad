// graph/database/transaction.ts: which errors run a write again (isRetryable) and which are a unique
// index refusing a row (uniqueViolation), on the shapes the database client throws with the
// PostgreSQL adapter (and the embedded database's): the adapter's DriverAdapterError carries
// the mapped database error as its `cause`; a failed query becomes a known request error with
// that DriverAdapterError in `meta.driverAdapterError`; a failed COMMIT passes it up as is.
import { DriverAdapterError } from '@prisma/driver-adapter-utils';
import { describe, expect, it } from 'vitest';
import { Prisma } from '../../prisma/generated/client/client.ts';
import { ConflictError, NotFoundError } from '../../graph/errors.ts';
import { isRetryable, uniqueViolation } from '../../graph/database/transaction.ts';

/** What an adapter throws: the mapped database error as the cause. */
const adapterError = (cause: Record<string, unknown>) => new DriverAdapterError(cause as unknown as DriverAdapterError['cause']);

/** What the client throws for a failed query: the code, and the adapter's error in `meta`. */
const known = (code: string, message: string, meta: Record<string, unknown> = {}) =>
  new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: '7.10.0', meta });

/** How the PostgreSQL adapter maps SQLSTATE 40001 and 40P01. */
const writeConflict = (sqlstate: '40001' | '40P01') =>
  adapterError({
    originalCode: sqlstate,
    originalMessage: sqlstate === '40001' ? 'could not serialize access due to concurrent update' : 'deadlock detected',
    kind: 'TransactionWriteConflict',
  });

/** How the PostgreSQL adapter maps SQLSTATE 23505 (the index named, the fields when it is not). */
const uniqueError = (constraint: { index: string } | { fields: string[] } | undefined, table?: string) =>
  adapterError({
    originalCode: '23505',
    originalMessage: 'duplicate key value violates unique constraint "Product_company_id_code_key"',
    kind: 'UniqueConstraintViolation',
    constraint,
    ...(table ? { table } : {}),
  });

const conflictMessage = 'Transaction failed due to a write conflict or a deadlock. Please retry your transaction';

describe('which errors run a write again', () => {
  it('retries a query refused by a write conflict or a deadlock (P2034, the adapter error in meta)', () => {
    for (const sqlstate of ['40001', '40P01'] as const) {
      expect(isRetryable(known('P2034', conflictMessage, { driverAdapterError: writeConflict(sqlstate) })), sqlstate).toBe(true);
    }
  });

  it('retries a P2034 on its code, whatever its meta carries', () => {
    expect(isRetryable(known('P2034', conflictMessage))).toBe(true);
  });

  it('retries a failed COMMIT, which the client passes up as the bare adapter error', () => {
    expect(isRetryable(writeConflict('40001'))).toBe(true);
    expect(isRetryable(writeConflict('40P01'))).toBe(true);
  });

  it('retries a raw query (an advisory lock, a row lock) that failed with 40001 or 40P01 (P2010)', () => {
    for (const sqlstate of ['40001', '40P01'] as const) {
      const raw = known('P2010', `Raw query failed. Code: \`${sqlstate}\`. Message: \`deadlock detected\``, { driverAdapterError: writeConflict(sqlstate) });
      expect(isRetryable(raw), sqlstate).toBe(true);
    }
  });

  it('retries on the original SQLSTATE alone, whatever kind the adapter gave it', () => {
    for (const sqlstate of ['40001', '40P01']) {
      const cause = { originalCode: sqlstate, originalMessage: 'deadlock detected', kind: 'postgres', code: 'N/A', severity: 'ERROR', message: 'deadlock detected' };
      expect(isRetryable(known('P2039', `Database error. Code: \`${sqlstate}\`.`, { driverAdapterError: adapterError(cause) })), sqlstate).toBe(true);
    }
  });

  it('retries a deadlock as the embedded database adapter reports it: a plain postgres error with code 40P01', () => {
    const cause = { originalCode: '40P01', originalMessage: 'deadlock detected', kind: 'postgres', code: '40P01', severity: 'ERROR', message: 'deadlock detected' };
    expect(isRetryable(known('P2039', 'Database error. Code: `40P01`. Message: `deadlock detected`', { driverAdapterError: adapterError(cause) }))).toBe(true);
  });

  it('retries when no connection was free in time to start the transaction (P2028)', () => {
    expect(isRetryable(known('P2028', 'Transaction API error: Unable to start a transaction in the given time.'))).toBe(true);
  });

  it('retries the conflict a joined write passes up to the transaction that opened it, also when another error wraps it as its cause', () => {
    const joined = Object.assign(new ConflictError(1), { retryable: true });
    expect(isRetryable(joined)).toBe(true);
    expect(isRetryable(new Error('execution failed', { cause: joined }))).toBe(true);
  });

  it('does not retry other transaction errors: an expired or closed transaction (P2028)', () => {
    const expired = known(
      'P2028',
      'Transaction API error: A query cannot be executed on an expired transaction. The timeout for this transaction was 60000 ms, however 60012 ms passed since the start of the transaction. Consider increasing the interactive transaction timeout or doing less work in the transaction.',
      { operation: 'query', timeout: 60000, timeTaken: 60012 },
    );
    expect(isRetryable(expired)).toBe(false);
    expect(isRetryable(known('P2028', 'Transaction API error: Transaction already closed: A query cannot be executed on a committed transaction.'))).toBe(false);
  });

  it('does not retry a missing record, a unique violation, a domain error, a plain error or a non-error', () => {
    expect(isRetryable(known('P2025', 'No record was found for an update.', { modelName: 'Product', cause: 'Record to update not found.' }))).toBe(false);
    expect(isRetryable(known('P2002', 'Unique constraint failed', { modelName: 'Product', driverAdapterError: uniqueError({ index: 'Product_company_id_code_key' }) }))).toBe(false);
    expect(isRetryable(new ConflictError(1))).toBe(false);
    expect(isRetryable(new NotFoundError())).toBe(false);
    expect(isRetryable(new Error('could not serialize access due to concurrent update (40001)'))).toBe(false);
    for (const value of [undefined, null, '40001', 40001, {}]) expect(isRetryable(value), String(value)).toBe(false);
  });

  it('stops following causes that loop back on themselves', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isRetryable(a)).toBe(false);
  });
});

describe('which errors are a unique index refusing a row', () => {
  it('names the index of a P2002 from the adapter error in meta', () => {
    const error = known('P2002', 'Unique constraint failed on the constraint: `Product_company_id_code_key`', {
      modelName: 'Product',
      driverAdapterError: uniqueError({ index: 'Product_company_id_code_key' }, 'Product'),
    });
    expect(uniqueViolation(error)).toEqual({ constraint: 'Product_company_id_code_key' });
  });

  it('names the fields when the database names no index (the embedded database adapter)', () => {
    const error = known('P2002', 'Unique constraint failed on the fields: (`company_id`,`code`)', { modelName: 'Product', driverAdapterError: uniqueError({ fields: ['company_id', 'code'] }) });
    expect(uniqueViolation(error)).toEqual({ constraint: 'company_id,code' });
  });

  it('still recognises a P2002 that carries no adapter error, without a constraint name', () => {
    expect(uniqueViolation(known('P2002', 'Unique constraint failed'))).toEqual({ constraint: undefined });
    expect(uniqueViolation(known('P2002', 'Unique constraint failed', { driverAdapterError: uniqueError(undefined) }))).toEqual({ constraint: undefined });
  });

  it('recognises a raw query refused by a unique index (P2010) and the bare adapter error', () => {
    const raw = known('P2010', 'Raw query failed. Code: `23505`.', { driverAdapterError: uniqueError({ index: 'Order_company_id_operation_id_reference_code_key' }) });
    expect(uniqueViolation(raw)).toEqual({ constraint: 'Order_company_id_operation_id_reference_code_key' });
    expect(uniqueViolation(uniqueError({ index: 'AccessGroup_company_id_slug_key' }))).toEqual({ constraint: 'AccessGroup_company_id_slug_key' });
  });

  it('answers undefined for anything else: a missing record, a foreign key, a write conflict, a plain error', () => {
    const foreignKey = adapterError({ originalCode: '23503', originalMessage: 'violates foreign key constraint', kind: 'ForeignKeyConstraintViolation', constraint: { index: 'Order_company_id_subsidiary_id_fkey' } });
    for (const error of [
      known('P2025', 'No record was found for an update.'),
      known('P2003', 'Foreign key constraint violated', { driverAdapterError: foreignKey }),
      known('P2034', conflictMessage, { driverAdapterError: writeConflict('40001') }),
      new Error('duplicate key value violates unique constraint'),
      undefined,
      null,
    ]) {
      expect(uniqueViolation(error), String(error)).toBeUndefined();
    }
  });
});
