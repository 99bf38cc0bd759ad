// The one reader of the environment: every setting of the app (app/, rest/, graph/) comes
// from `env()`, read and validated once, at start-up (app/server/runtime.server.ts calls it
// before anything else). prisma/ sits below graph/ and may not import it, so it reads no
// environment at all: graph/db.ts passes the database settings into `openDatabase`.
// Every variable is described in .env.example.
import os from 'node:os';
import path from 'node:path';

/** Settings read once from the environment at start-up. */
export interface Env {
  port: number;
  databaseUrl?: string;
  databasePoolSize: number;
  /** Longest a statement may run on a PostgreSQL server before it is canceled, in ms. */
  statementTimeoutMs: number;
  /** Requests of one company at work at once in a process; the next ones wait their turn. */
  companyConcurrency: number;
  /** Requests of one company that may wait their turn in a process; beyond, 429. */
  companyQueue: number;
  /** Points a second one API key may spend: a request costs one. */
  rateLimitRequests: number;
  /** Points a REST write (POST, PUT, DELETE) costs. */
  rateLimitWriteCost: number;
  /** Requests without a valid API key one client address may send a second, per process. */
  rateLimitUnauthenticated: number;
  /** Whether the rate limits apply (RATE_LIMITS=0 turns them off). */
  rateLimits: boolean;
  dataDir: string;
  documentsDir: string;
  production: boolean;
  adminToken?: string;
  maxUploadBytes: number;
  /** Longest a request's body may take to arrive once reading starts, in ms. */
  bodyTimeoutMs: number;
  skipDemo: boolean;
  sqlStats: boolean;
  /** Characters of each statement SQL_TRACE prints; undefined when tracing is off. */
  sqlTraceChars?: number;
  websiteUrl: string;
  /** Worker processes a production start runs and restarts (0: the server runs alone, unsupervised). */
  workers: number;
  /** Origins whose browser pages may call the API and GraphQL (CORS); `*` is any origin, empty none. */
  corsOrigins: string[];
  /** Least level of the request log written to standard output (`silent`: none). */
  logLevel: LogLevel;
  /** How GraphQL operations (and so every REST request) are executed; see GRAPHQL_EXECUTOR in .env.example. */
  graphqlExecutor: GraphqlExecutor;
  /** Whether webhooks may target private, loopback and link-local addresses (tests, local development). */
  webhooksAllowPrivateTargets: boolean;
  /** Factor on every webhook retry wait and on the 24 h and 3 day limits (tests shrink them). */
  webhooksRetryScale: number;
  /** Whether the app process delivers webhooks too (on PostgreSQL, `npm run worker` processes can do it alone). */
  webhooksInAppWorker: boolean;
  /** Milliseconds the writing process waits after a commit before it relays the change's events (0; tests widen the moment). */
  eventsRelayDelayMs: number;
  /** Days events and settled webhook deliveries are kept (docs/webhooks.md, Retention). */
  eventsRetentionDays: number;
  /** The live AIS stream read over TCP (graph/logistics/ais-feed.ts); undefined when none. */
  aisFeed?: { host: string; port: number };
  /** The app's address as carriers reach it: notification URLs are built on it (PUBLIC_URL). */
  publicUrl: string;
  /** The 32-byte key carrier secrets are encrypted with (CARRIER_SECRETS_KEY); undefined: a key file in DATA_DIR (embedded only). */
  carrierSecretsKey?: Buffer;
  /** Milliseconds between two lookups of a tracked shipment with its carrier (TRACKING_POLL_INTERVAL_SECONDS). */
  trackingPollIntervalMs: number;
  /** Shipments one claim of a poll takes; a poll claims batch after batch until none is due (TRACKING_POLL_BATCH). */
  trackingPollBatch: number;
  /** Milliseconds a carrier has to answer one request (CARRIER_TIMEOUT_MS). */
  carrierTimeoutMs: number;
}

/**
 * The GraphQL executors: `jit` compiles each operation (graphql-jit) and interns response
 * paths so nested selections are found (graph/stable-paths.ts); `plain` is graphql-js.
 */
export const graphqlExecutors = ['jit', 'plain'] as const;

/** Levels of the request log: `info` logs every request, `error` only the failed ones. */
export const logLevels = ['info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];
export type GraphqlExecutor = (typeof graphqlExecutors)[number];

/** `host:port` of AIS_FEED (an IPv6 host in brackets), or why it cannot be used. */
export function parseAisFeed(value: string): { host: string; port: number } | string {
  const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value.trim());
  const port = m ? Number(m[2]) : NaN;
  if (!m || !(port >= 1 && port <= 65535)) return `AIS_FEED must be host:port (e.g. 127.0.0.1:10110), got "${value}"`;
  return { host: m[1].replace(/^\[|\]$/g, ''), port };
}

/** A variable with a value the app cannot run with; the message names every one at fault. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment (see .env.example):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

type Vars = Record<string, string | undefined>;

/** Reads and validates the settings from `vars`; throws one EnvError naming every bad variable. */
export function readEnv(vars: Vars): Env {
  const problems: string[] = [];
  const given = (name: string) => (vars[name] === undefined || vars[name] === '' ? undefined : vars[name]);

  const int = (name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = given(name);
    if (raw === undefined) return fallback;
    const n = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? 'a positive integer' : `an integer from 1 to ${max}`;
      problems.push(`${name} must be ${range}, got "${raw}"`);
      return fallback;
    }
    return n;
  };
  const flag = (name: string) => {
    const raw = given(name);
    if (raw === undefined || raw === '0') return false;
    if (raw === '1') return true;
    problems.push(`${name} must be 1 (on) or 0 (off), got "${raw}"`);
    return false;
  };

  // NOTE: read in the order of .env.example, so problems are reported in that order.
  const port = int('PORT', 3000, 65535);
  const databaseUrl = vars.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\/./.test(databaseUrl)) problems.push('DATABASE_URL must be a postgresql:// URL');
  const databasePoolSize = int('DATABASE_POOL_SIZE', 10);
  const statementTimeoutMs = int('STATEMENT_TIMEOUT_MS', 15_000);
  // A company may hold at most half the pool's connections at once (docs/limits.md).
  const companyConcurrency = int('COMPANY_CONCURRENCY', Math.max(1, Math.floor(databasePoolSize / 2)));
  const companyQueue = int('COMPANY_QUEUE', 100);
  // Points a second per API key, and the points of a REST write (docs/limits.md, Rate limits).
  const rateLimitRequests = int('RATE_LIMIT_REQUESTS', 100);
  const rateLimitWriteCost = int('RATE_LIMIT_WRITE_COST', 4);
  const rateLimitUnauthenticated = int('RATE_LIMIT_UNAUTHENTICATED', 10);
  // Off only where something in front of the app limits instead (an API gateway).
  const rateLimits = given('RATE_LIMITS') === undefined ? true : flag('RATE_LIMITS');
  const dataDir = path.resolve(given('DATA_DIR') ?? './data');
  const documentsDir = path.resolve(given('DOCUMENTS_DIR') ?? path.join(dataDir, 'documents'));
  const maxUploadBytes = int('MAX_UPLOAD_BYTES', 25 * 1024 * 1024);
  const bodyTimeoutMs = int('BODY_TIMEOUT_MS', 60_000);
  const adminToken = given('ADMIN_TOKEN');
  const production = vars.NODE_ENV === 'production';
  const websiteUrl = given('PUBLIC_WEBSITE_URL') ?? 'https://tradetrack.example';
  if (!/^https?:\/\/[^\s/]+/.test(websiteUrl)) problems.push(`PUBLIC_WEBSITE_URL must be an http(s) URL, got "${websiteUrl}"`);
  const corsOrigins = (given('CORS_ORIGINS') ?? '').split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean);
  for (const o of corsOrigins) if (o !== '*' && !/^https?:\/\/[^\s/]+$/.test(o)) problems.push(`CORS_ORIGINS must list origins such as https://app.example.com, or *, got "${o}"`);
  // Production starts are supervised: one worker on the embedded database (it cannot be shared),
  // one per core on a PostgreSQL server (docs/getting-started.md, Running in production).
  const workers = given('WEB_CONCURRENCY') === undefined ? (production ? (databaseUrl ? os.cpus().length : 1) : 0) : int('WEB_CONCURRENCY', 1, 64);
  if (workers > 1 && !databaseUrl) problems.push('WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process');
  const sqlStats = flag('SQL_STATS');
  const skipDemo = flag('SKIP_DEMO');
  const sqlTrace = flag('SQL_TRACE');
  const sqlTraceChars = int('SQL_TRACE_CHARS', 300);
  const logLevel = (given('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!logLevels.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  const graphqlExecutor = (given('GRAPHQL_EXECUTOR') ?? 'jit') as GraphqlExecutor;
  if (!graphqlExecutors.includes(graphqlExecutor)) {
    problems.push(`GRAPHQL_EXECUTOR must be one of ${graphqlExecutors.join(', ')}, got "${graphqlExecutor}"`);
  }

  const allowPrivate = given('WEBHOOKS_ALLOW_PRIVATE_TARGETS');
  if (allowPrivate !== undefined && !['true', 'false', '1', '0'].includes(allowPrivate)) problems.push(`WEBHOOKS_ALLOW_PRIVATE_TARGETS must be true or false, got "${allowPrivate}"`);
  const webhooksAllowPrivateTargets = allowPrivate === 'true' || allowPrivate === '1';
  const scale = given('WEBHOOKS_RETRY_SCALE');
  const webhooksRetryScale = scale === undefined ? 1 : Number(scale);
  if (!(webhooksRetryScale > 0 && webhooksRetryScale <= 1)) problems.push(`WEBHOOKS_RETRY_SCALE must be a number above 0 and at most 1, got "${scale}"`);
  const delay = given('EVENTS_RELAY_DELAY_MS');
  const eventsRelayDelayMs = delay === undefined ? 0 : Number(delay);
  if (!(Number.isInteger(eventsRelayDelayMs) && eventsRelayDelayMs >= 0 && eventsRelayDelayMs <= 10_000)) problems.push(`EVENTS_RELAY_DELAY_MS must be a whole number from 0 to 10000, got "${delay}"`);
  const inApp = given('WEBHOOKS_IN_APP_WORKER');
  if (inApp !== undefined && !['true', 'false', '1', '0'].includes(inApp)) problems.push(`WEBHOOKS_IN_APP_WORKER must be true or false, got "${inApp}"`);
  const webhooksInAppWorker = inApp === undefined || inApp === 'true' || inApp === '1';
  const retention = given('EVENTS_RETENTION_DAYS');
  const eventsRetentionDays = retention === undefined ? 30 : Number(retention);
  if (!(eventsRetentionDays > 0 && eventsRetentionDays <= 3650)) problems.push(`EVENTS_RETENTION_DAYS must be a number of days above 0 and at most 3650, got "${retention}"`);
  const feed = given('AIS_FEED');
  const aisFeed = feed === undefined ? undefined : parseAisFeed(feed);
  if (typeof aisFeed === 'string') problems.push(aisFeed);
  // Carrier tracking (docs/tracking.md).
  const publicUrl = (given('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  const keyText = given('CARRIER_SECRETS_KEY');
  const carrierSecretsKey = keyText === undefined ? undefined : Buffer.from(keyText, 'base64');
  if (carrierSecretsKey && carrierSecretsKey.length !== 32) problems.push('CARRIER_SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  if (!carrierSecretsKey && production && databaseUrl) problems.push('CARRIER_SECRETS_KEY is required in production on a PostgreSQL server (docs/tracking.md, Settings)');
  const pollText = given('TRACKING_POLL_INTERVAL_SECONDS');
  const pollSeconds = pollText === undefined ? 3600 : Number(pollText);
  if (!(pollSeconds >= 0.1 && pollSeconds <= 7 * 86400)) problems.push(`TRACKING_POLL_INTERVAL_SECONDS must be a number of seconds from 0.1 to 604800, got "${pollText}"`);
  const trackingPollBatch = int('TRACKING_POLL_BATCH', 50, 1000);
  const carrierTimeoutMs = int('CARRIER_TIMEOUT_MS', 10_000, 120_000);

  const env: Env = {
    port,
    databaseUrl,
    databasePoolSize,
    statementTimeoutMs,
    companyConcurrency,
    companyQueue,
    rateLimitRequests,
    rateLimitWriteCost,
    rateLimitUnauthenticated,
    rateLimits,
    dataDir,
    documentsDir,
    production,
    adminToken,
    maxUploadBytes,
    bodyTimeoutMs,
    skipDemo,
    sqlStats,
    sqlTraceChars: sqlTrace ? sqlTraceChars : undefined,
    websiteUrl: websiteUrl.replace(/\/+$/, ''),
    corsOrigins,
    workers,
    logLevel,
    graphqlExecutor,
    webhooksAllowPrivateTargets,
    webhooksRetryScale,
    webhooksInAppWorker,
    eventsRelayDelayMs,
    eventsRetentionDays,
    aisFeed: typeof aisFeed === 'object' ? aisFeed : undefined,
    publicUrl,
    carrierSecretsKey,
    trackingPollIntervalMs: Math.round(pollSeconds * 1000),
    trackingPollBatch,
    carrierTimeoutMs,
  };
  if (problems.length) throw new EnvError(problems);
  return env;
}

let cached: Env | undefined;

/** The validated environment of this process, read on the first call. */
export function env(): Env {
  cached ??= readEnv(process.env);
  return cached;
}
