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
  /** File each statement a request runs is appended to with its parameters (SQL_CAPTURE, tests only); undefined when off. */
  sqlCaptureFile?: string;
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

/** Reads variables by kind; each bad value adds a problem naming the variable and is replaced by its default. */
function reader(vars: Vars) {
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
  /** true, false, 1 or 0. */
  const bool = (name: string, fallback: boolean) => {
    const raw = given(name);
    if (raw !== undefined && !['true', 'false', '1', '0'].includes(raw)) problems.push(`${name} must be true or false, got "${raw}"`);
    return raw === undefined ? fallback : raw === 'true' || raw === '1';
  };
  /** A number that `ok` accepts; `expected` says which, in the problem. */
  const number = (name: string, fallback: number, ok: (n: number) => boolean, expected: string) => {
    const raw = given(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (!ok(n)) problems.push(`${name} must be ${expected}, got "${raw}"`);
    return n;
  };
  const oneOf = <T extends string>(name: string, fallback: T, values: readonly T[]) => {
    const value = (given(name) ?? fallback) as T;
    if (!values.includes(value)) problems.push(`${name} must be one of ${values.join(', ')}, got "${value}"`);
    return value;
  };
  const httpUrl = (name: string, value: string) => {
    if (!/^https?:\/\/[^\s/]+/.test(value)) problems.push(`${name} must be an http(s) URL, got "${value}"`);
    return value;
  };
  return { problems, given, int, flag, bool, number, oneOf, httpUrl };
}
type Reader = ReturnType<typeof reader>;

/** The server, its database, its limits and its logs. */
function serverSettings(r: Reader, vars: Vars) {
  const port = r.int('PORT', 3000, 65535);
  const databaseUrl = vars.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\/./.test(databaseUrl)) r.problems.push('DATABASE_URL must be a postgresql:// URL');
  const databasePoolSize = r.int('DATABASE_POOL_SIZE', 10);
  const statementTimeoutMs = r.int('STATEMENT_TIMEOUT_MS', 15_000);
  // A company may hold at most half the pool's connections at once (docs/limits.md).
  const companyConcurrency = r.int('COMPANY_CONCURRENCY', Math.max(1, Math.floor(databasePoolSize / 2)));
  const companyQueue = r.int('COMPANY_QUEUE', 100);
  // Points a second per API key, and the points of a REST write (docs/limits.md, Rate limits).
  const rateLimitRequests = r.int('RATE_LIMIT_REQUESTS', 100);
  const rateLimitWriteCost = r.int('RATE_LIMIT_WRITE_COST', 4);
  const rateLimitUnauthenticated = r.int('RATE_LIMIT_UNAUTHENTICATED', 10);
  // Off only where something in front of the app limits instead (an API gateway).
  const rateLimits = r.given('RATE_LIMITS') === undefined ? true : r.flag('RATE_LIMITS');
  const dataDir = path.resolve(r.given('DATA_DIR') ?? './data');
  const documentsDir = path.resolve(r.given('DOCUMENTS_DIR') ?? path.join(dataDir, 'documents'));
  const maxUploadBytes = r.int('MAX_UPLOAD_BYTES', 25 * 1024 * 1024);
  const bodyTimeoutMs = r.int('BODY_TIMEOUT_MS', 60_000);
  const adminToken = r.given('ADMIN_TOKEN');
  const production = vars.NODE_ENV === 'production';
  const websiteUrl = r.httpUrl('PUBLIC_WEBSITE_URL', r.given('PUBLIC_WEBSITE_URL') ?? 'https://tradetrack.example').replace(/\/+$/, '');
  const corsOrigins = (r.given('CORS_ORIGINS') ?? '').split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean);
  for (const o of corsOrigins) if (o !== '*' && !/^https?:\/\/[^\s/]+$/.test(o)) r.problems.push(`CORS_ORIGINS must list origins such as https://app.example.com, or *, got "${o}"`);
  // Production starts are supervised: one worker on the embedded database (it cannot be shared),
  // one per core on a PostgreSQL server (docs/getting-started.md, Running in production).
  const workers = r.given('WEB_CONCURRENCY') === undefined ? (production ? (databaseUrl ? os.cpus().length : 1) : 0) : r.int('WEB_CONCURRENCY', 1, 64);
  if (workers > 1 && !databaseUrl) r.problems.push('WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process');
  const sqlStats = r.flag('SQL_STATS');
  const skipDemo = r.flag('SKIP_DEMO');
  const sqlTrace = r.flag('SQL_TRACE');
  const sqlTraceChars = r.int('SQL_TRACE_CHARS', 300);
  const sqlCapture = r.given('SQL_CAPTURE');
  const sqlCaptureFile = sqlCapture ? path.resolve(sqlCapture) : undefined;
  const logLevel = r.oneOf<LogLevel>('LOG_LEVEL', 'info', logLevels);
  const graphqlExecutor = r.oneOf<GraphqlExecutor>('GRAPHQL_EXECUTOR', 'jit', graphqlExecutors);
  return {
    ...{ port, databaseUrl, databasePoolSize, statementTimeoutMs, companyConcurrency, companyQueue },
    ...{ rateLimitRequests, rateLimitWriteCost, rateLimitUnauthenticated, rateLimits, dataDir, documentsDir, production, adminToken },
    ...{ maxUploadBytes, bodyTimeoutMs, skipDemo, sqlStats, sqlTraceChars: sqlTrace ? sqlTraceChars : undefined, sqlCaptureFile, websiteUrl, corsOrigins, workers },
    ...{ logLevel, graphqlExecutor },
  };
}

/** Webhook deliveries, the events feed and the AIS feed. */
function eventSettings(r: Reader) {
  const webhooksAllowPrivateTargets = r.bool('WEBHOOKS_ALLOW_PRIVATE_TARGETS', false);
  const webhooksRetryScale = r.number('WEBHOOKS_RETRY_SCALE', 1, (n) => n > 0 && n <= 1, 'a number above 0 and at most 1');
  const eventsRelayDelayMs = r.number('EVENTS_RELAY_DELAY_MS', 0, (n) => Number.isInteger(n) && n >= 0 && n <= 10_000, 'a whole number from 0 to 10000');
  const webhooksInAppWorker = r.bool('WEBHOOKS_IN_APP_WORKER', true);
  const eventsRetentionDays = r.number('EVENTS_RETENTION_DAYS', 30, (n) => n > 0 && n <= 3650, 'a number of days above 0 and at most 3650');
  const feed = r.given('AIS_FEED');
  const aisFeed = feed === undefined ? undefined : parseAisFeed(feed);
  if (typeof aisFeed === 'string') r.problems.push(aisFeed);
  return {
    ...{ webhooksAllowPrivateTargets, webhooksRetryScale, webhooksInAppWorker, eventsRelayDelayMs, eventsRetentionDays },
    aisFeed: typeof aisFeed === 'object' ? aisFeed : undefined,
  };
}

/** Carrier tracking (docs/tracking.md). */
function trackingSettings(r: Reader, { port, production, databaseUrl }: { port: number; production: boolean; databaseUrl?: string }) {
  const publicUrl = r.httpUrl('PUBLIC_URL', (r.given('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''));
  const keyText = r.given('CARRIER_SECRETS_KEY');
  const carrierSecretsKey = keyText === undefined ? undefined : Buffer.from(keyText, 'base64');
  if (carrierSecretsKey && carrierSecretsKey.length !== 32) r.problems.push('CARRIER_SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  if (!carrierSecretsKey && production && databaseUrl) r.problems.push('CARRIER_SECRETS_KEY is required in production on a PostgreSQL server (docs/tracking.md, Settings)');
  const pollSeconds = r.number('TRACKING_POLL_INTERVAL_SECONDS', 3600, (n) => n >= 0.1 && n <= 7 * 86400, 'a number of seconds from 0.1 to 604800');
  const trackingPollBatch = r.int('TRACKING_POLL_BATCH', 50, 1000);
  const carrierTimeoutMs = r.int('CARRIER_TIMEOUT_MS', 10_000, 120_000);
  return { publicUrl, carrierSecretsKey, trackingPollIntervalMs: Math.round(pollSeconds * 1000), trackingPollBatch, carrierTimeoutMs };
}

/** Reads and validates the settings from `vars`; throws one EnvError naming every bad variable. */
export function readEnv(vars: Vars): Env {
  const r = reader(vars);
  // NOTE: read in the order of .env.example, so problems are reported in that order.
  const server = serverSettings(r, vars);
  const env: Env = { ...server, ...eventSettings(r), ...trackingSettings(r, server) };
  if (r.problems.length) throw new EnvError(r.problems);
  return env;
}

let cached: Env | undefined;

/** The validated environment of this process, read on the first call. */
export function env(): Env {
  cached ??= readEnv(process.env);
  return cached;
}
