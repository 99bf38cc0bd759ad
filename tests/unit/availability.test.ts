// prisma/availability.ts: which errors say the database server cannot be used now (answered
// 503 SERVICE_UNAVAILABLE, docs/limits.md), on the shapes the client, the driver adapter and
// the pg driver throw, and which do not.
import { DriverAdapterError } from '@prisma/driver-adapter-utils';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { Prisma } from '../../prisma/generated/client/client.ts';
import { isDatabaseUnavailable, isUnavailableMessage, markIfUnavailable } from '../../prisma/availability.ts';

/** What the pg driver throws for an error the server sent. */
const serverError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
/** What Node throws when a connection cannot be made. */
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect', errno: -111 });

describe('which errors say the database cannot be used', () => {
  it('knows the server stopping, starting, out of connections, and the connection lost, however wrapped', () => {
    for (const [code, message] of [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P03', 'the database system is starting up'],
      ['53300', 'sorry, too many clients already'],
      ['08006', 'connection failure'],
    ]) {
      expect(isDatabaseUnavailable(serverError(code, message))).toBe(true);
      const adapted = new DriverAdapterError({ kind: 'postgres', code, severity: 'FATAL', message, originalCode: code, originalMessage: message } as unknown as DriverAdapterError['cause']);
      expect(isDatabaseUnavailable(adapted)).toBe(true);
      const known = new Prisma.PrismaClientKnownRequestError(message, { code: 'P2010', clientVersion: '7.10.0', meta: { driverAdapterError: adapted } });
      expect(isDatabaseUnavailable(new GraphQLError('x', { originalError: known }))).toBe(true);
    }
    expect(isDatabaseUnavailable(new DriverAdapterError({ kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 } as DriverAdapterError['cause']))).toBe(true);
    expect(isDatabaseUnavailable(new DriverAdapterError({ kind: 'ConnectionClosed' } as DriverAdapterError['cause']))).toBe(true);
    expect(isDatabaseUnavailable(new Prisma.PrismaClientKnownRequestError("Can't reach database server at 127.0.0.1:5432", { code: 'P1001', clientVersion: '7.10.0' }))).toBe(true);
    expect(isDatabaseUnavailable(new Prisma.PrismaClientKnownRequestError('Timed out fetching a new connection from the connection pool.', { code: 'P2024', clientVersion: '7.10.0' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('trusts a socket error only from the database driver: a webhook endpoint refusing a connection is not an outage', () => {
    const refused = socketError('ECONNREFUSED');
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }))).toBe(false);
    expect(isDatabaseUnavailable(refused)).toBe(false);
    expect(markIfUnavailable(refused)).toBe(refused);
    expect(isDatabaseUnavailable(new Error('wrapped by the client', { cause: refused }))).toBe(true);
  });

  it('leaves statements the server refused, and timeouts of one statement, to their own handling', () => {
    expect(isDatabaseUnavailable(serverError('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(isDatabaseUnavailable(serverError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(serverError('40001', 'could not serialize access due to concurrent update'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('reads the webhook queue’s log lines, but not a failed task’s', () => {
    expect(isUnavailableMessage('Error with notify listener (trying again in 322ms): connect ECONNREFUSED 127.0.0.1:5432')).toBe(true);
    expect(isUnavailableMessage('PostgreSQL idle client generated error: terminating connection due to administrator command')).toBe(true);
    expect(isUnavailableMessage("Failed task deliver_webhook (12, 30ms, attempt 1 of 25) with error 'connect ECONNREFUSED 10.0.0.1:443'")).toBe(false);
    expect(isUnavailableMessage('Worker exited with error: boom')).toBe(false);
  });
});
