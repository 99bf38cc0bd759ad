// graph/env.ts: every setting read and validated once; a bad value names its variable.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from '../../graph/env.ts';

/** The problems readEnv reports for `vars`, or [] when it accepts them. */
function problems(vars: Record<string, string>): string[] {
  try {
    readEnv(vars);
    return [];
  } catch (e) {
    if (!(e instanceof EnvError)) throw e;
    return e.problems;
  }
}

describe('the environment', () => {
  it('has a default for every setting', () => {
    const env = readEnv({});
    expect(env).toEqual({
      port: 3000,
      databaseUrl: undefined,
      databasePoolSize: 10,
      statementTimeoutMs: 15_000,
      companyConcurrency: 5,
      companyQueue: 100,
      rateLimitRequests: 100,
      rateLimitWriteCost: 4,
      rateLimits: true,
      dataDir: path.resolve('data'),
      documentsDir: path.resolve('data', 'documents'),
      production: false,
      adminToken: undefined,
      maxUploadBytes: 25 * 1024 * 1024,
      skipDemo: false,
      sqlStats: false,
      sqlTraceChars: undefined,
      websiteUrl: 'https://tradetrack.example',
      corsOrigins: [],
      workers: 0,
      logLevel: 'info',
      graphqlExecutor: 'jit',
      webhooksAllowPrivateTargets: false,
      webhooksRetryScale: 1,
      webhooksInAppWorker: true,
      eventsRelayDelayMs: 0,
      eventsRetentionDays: 30,
      publicUrl: 'http://localhost:3000',
      carrierSecretsKey: undefined,
      trackingPollIntervalMs: 3_600_000,
      trackingPollBatch: 50,
      carrierTimeoutMs: 10_000,
      aisFeed: undefined,
      bodyTimeoutMs: 60_000,
      rateLimitUnauthenticated: 10,
    });
  });

  it('reads every variable it is given', () => {
    const env = readEnv({
      PORT: '8080',
      DATABASE_URL: ' postgresql://app@db:5432/tt ',
      DATABASE_POOL_SIZE: '4',
      STATEMENT_TIMEOUT_MS: '2500',
      COMPANY_QUEUE: '7',
      DATA_DIR: '/srv/tt',
      MAX_UPLOAD_BYTES: '1024',
      ADMIN_TOKEN: 'secret',
      NODE_ENV: 'production',
      SKIP_DEMO: '1',
      SQL_STATS: '0',
      SQL_TRACE: '1',
      SQL_TRACE_CHARS: '80',
      PUBLIC_WEBSITE_URL: 'https://example.org/',
      GRAPHQL_EXECUTOR: 'plain',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      PUBLIC_URL: 'https://tt.example.org/',
      CARRIER_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      TRACKING_POLL_INTERVAL_SECONDS: '0.5',
    });
    expect(env).toMatchObject({
      publicUrl: 'https://tt.example.org',
      carrierSecretsKey: Buffer.alloc(32, 7),
      trackingPollIntervalMs: 500,
      port: 8080,
      databaseUrl: 'postgresql://app@db:5432/tt',
      databasePoolSize: 4,
      statementTimeoutMs: 2500,
      // Half the pool unless given.
      companyConcurrency: 2,
      companyQueue: 7,
      dataDir: '/srv/tt',
      documentsDir: '/srv/tt/documents',
      maxUploadBytes: 1024,
      adminToken: 'secret',
      production: true,
      skipDemo: true,
      sqlStats: false,
      sqlTraceChars: 80,
      websiteUrl: 'https://example.org',
      graphqlExecutor: 'plain',
      webhooksAllowPrivateTargets: true,
    });
  });

  it('treats an empty value as unset', () => {
    expect(readEnv({ PORT: '', DATABASE_URL: '', ADMIN_TOKEN: '', SQL_STATS: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      adminToken: undefined,
      sqlStats: false,
    });
  });

  it('names the variable and the value it refuses', () => {
    expect(problems({ PORT: 'abc' })).toEqual(['PORT must be an integer from 1 to 65535, got "abc"']);
    expect(problems({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'yes' })).toEqual(['WEBHOOKS_ALLOW_PRIVATE_TARGETS must be true or false, got "yes"']);
    expect(problems({ EVENTS_RELAY_DELAY_MS: '-5' })).toEqual(['EVENTS_RELAY_DELAY_MS must be a whole number from 0 to 10000, got "-5"']);
    expect(problems({ PORT: '70000' })).toEqual(['PORT must be an integer from 1 to 65535, got "70000"']);
    expect(problems({ DATABASE_POOL_SIZE: '0' })).toEqual(['DATABASE_POOL_SIZE must be a positive integer, got "0"']);
    expect(problems({ MAX_UPLOAD_BYTES: '2.5' })).toEqual(['MAX_UPLOAD_BYTES must be a positive integer, got "2.5"']);
    expect(problems({ SQL_TRACE_CHARS: '-1' })).toEqual(['SQL_TRACE_CHARS must be a positive integer, got "-1"']);
    expect(problems({ SQL_STATS: 'yes' })).toEqual(['SQL_STATS must be 1 (on) or 0 (off), got "yes"']);
    expect(problems({ DATABASE_URL: 'mysql://db/tt' })).toEqual(['DATABASE_URL must be a postgresql:// URL']);
    expect(problems({ GRAPHQL_EXECUTOR: 'fast' })).toEqual(['GRAPHQL_EXECUTOR must be one of jit, plain, got "fast"']);
    expect(problems({ PUBLIC_WEBSITE_URL: 'example.org' })).toEqual(['PUBLIC_WEBSITE_URL must be an http(s) URL, got "example.org"']);
    expect(problems({ EVENTS_RETENTION_DAYS: '0' })).toEqual(['EVENTS_RETENTION_DAYS must be a number of days above 0 and at most 3650, got "0"']);
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/tt' })).toEqual(['CARRIER_SECRETS_KEY is required in production on a PostgreSQL server (docs/tracking.md, Settings)']);
    expect(problems({ CARRIER_SECRETS_KEY: 'c2hvcnQ=' })).toEqual(['CARRIER_SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)']);
    expect(problems({ EVENTS_RETENTION_DAYS: 'month' })).toEqual(['EVENTS_RETENTION_DAYS must be a number of days above 0 and at most 3650, got "month"']);
  });

  it('reports every bad variable at once, one per line, in the order of .env.example', () => {
    try {
      readEnv({ PORT: 'abc', DATABASE_POOL_SIZE: '0', SKIP_DEMO: 'true' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EnvError);
      expect((e as Error).message.split('\n')).toEqual([
        'Invalid environment (see .env.example):',
        '  PORT must be an integer from 1 to 65535, got "abc"',
        '  DATABASE_POOL_SIZE must be a positive integer, got "0"',
        '  SKIP_DEMO must be 1 (on) or 0 (off), got "true"',
      ]);
    }
  });

  it('reads only variables that .env.example describes', () => {
    const read = new Set<string>();
    readEnv(new Proxy({}, { get: (_, name) => (read.add(String(name)), undefined) }));
    const documented = new Set([...readFileSync('.env.example', 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
    expect(read.size).toBeGreaterThan(10);
  });
});
