import type { ServerBuild } from '@remix-run/node';
import { createRequestHandler } from '@remix-run/express';
import accepts from 'accepts';
import compression from 'compression';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { AddressInfo } from 'node:net';
import { applyMigrations, migrationsUpToDate } from '../../prisma/migrate';
import { connect, disconnect, openedDatabase, sql } from '../../graph/db';
import { env } from '../../graph/env';
import { countCompanies, createCompany, type NewCompany } from '../../graph/company/companies';
import { loadKeyPrefixes } from '../../graph/company/auth';
import { seedDemo } from '../../graph/seed/demo';
import { seedReferenceData } from '../../graph/reference/seed';
import { startDeliveryWorker } from '../../graph/webhooks/workers';
import { schema } from '../../graph/schema';
import { wireWritePath } from '../../graph/wiring';
import { startConfiguredAisFeed } from '../../graph/logistics/ais-feed';
import { startTrackingPoller } from '../../graph/carriers/poller';
import { backgroundSettled, inBackground } from '../../graph/database/background';
import { errorResponse } from '../../rest/errors';
import { etagOf, tagListMatches } from '../../rest/etag';
import { handleRest } from '../../rest/router';
import { answeredByPolicy, isGraphqlUrl, lingerOnClose, localeOfRequest, securityHeaders } from './http-policy.server';
import { inFlight, type InFlight } from './in-flight.server';
import { inRequestScope } from './request-log.server';
import { rateLimited } from './rate-limit.server';
import { waitForSite } from './site-pending.server';
import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { constants as zlibConstants, gzip } from 'node:zlib';

/**
 * Applies migrations and, on an empty database, creates the demo company (its sample data is
 * added once the server listens: see `serve`).
 */
async function prepare(log: (line: string) => void): Promise<NewCompany | null> {
  // This process's composition root: its writes record events, relayed to webhooks (graph/wiring.ts).
  wireWritePath(schema);
  await connect();
  const db = await openedDatabase();
  // Nothing pending (every start but the first after an update): the engine is not started.
  const applied = (await migrationsUpToDate(sql)) ? [] : await applyMigrations(db.adapterFactory);
  if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
  await seedReferenceData();
  await loadKeyPrefixes();
  if ((await countCompanies()) > 0 || env().skipDemo) return null;
  return createCompany('Demo Trading Co.');
}

/**
 * The request as the REST router reads it. Calls without a body (GET, HEAD, DELETE) get a
 * light stand-in with the URL, method and headers only: building a full Fetch Request costs
 * more than the rest of a small read. Calls with a body get a Fetch Request whose body stays
 * a stream (uploads are never buffered).
 */
function toFetchRequest(req: IncomingMessage): Request {
  const url = `http://${req.headers.host ?? 'localhost'}${req.url}`;
  if (req.method === 'GET' || req.method === 'HEAD' || (req.method === 'DELETE' && !req.headers['content-length'])) {
    const headers = {
      get(name: string): string | null {
        const v = req.headers[name.toLowerCase()];
        return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
      },
    };
    // The stand-in holds what the REST path reads of a call without a body (url, method,
    // headers.get); the Fetch Request type names the whole class (body, clone, signal, ...).
    return { url, method: req.method, headers } as unknown as Request;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(url, { method: req.method, headers, body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } as RequestInit);
}

/** An API call for the REST router: a path under /api/ other than /api/ itself (the reference page). */
const restPath = (url: string): string | null => {
  const path = url.split('?', 1)[0];
  return path.startsWith('/api/') && path.length > 5 ? path.slice(4) : null;
};

/**
 * JSON answers of 1 KiB or more are sent gzip-compressed to clients that accept it (a page of
 * 100 processes shrinks about twentyfold). Compression runs on libuv's thread pool, off the event
 * loop, at the fastest level. Stored documents are sent as they are.
 */
const GZIP_FROM = 1024;
const gzipAsync = promisify(gzip);
const acceptsGzip = (req: IncomingMessage) => req.headers['accept-encoding'] !== undefined && accepts(req).encoding(['identity', 'gzip']) === 'gzip';

/**
 * Conditional reads: a successful GET carries a weak ETag of its JSON (the same answer gives
 * the same tag, compressed or not), and a request whose If-None-Match names it gets 304 with no
 * body. A client polling a process pays for the answer only when it changed.
 */
function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  return header !== undefined && tagListMatches(header, etag);
}

/**
 * The REST API, served straight off the HTTP server ahead of the web framework: every /api/*
 * call goes to the facade without express middleware or page route matching
 * (docs/decisions/008-rest-mount.md).
 */
async function serveRest(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  try {
    const answer = await handleRest(toFetchRequest(req), path);
    if (typeof answer.body === 'string') {
      // Keeps a Vary the request policy set (Origin, for CORS) and the facade's (Prefer, on writes).
      const vary = [res.getHeader('vary'), answer.headers.vary, 'accept-encoding'].filter(Boolean).join(', ');
      const headers: Record<string, string> = { ...answer.headers, vary };
      // An answer given before the body was read (a 401, a 404 of an unknown path) drops the
      // rest of the body with the connection rather than reading it to its end.
      if (!req.complete && (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'])) headers.connection = 'close';
      if ((req.method === 'GET' || req.method === 'HEAD') && answer.status === 200) {
        headers.etag = etagOf(answer.body);
        headers['cache-control'] = 'private, no-cache';
        if (notModified(req, headers.etag)) {
          res.writeHead(304, headers).end();
          return;
        }
      }
      if (answer.body.length >= GZIP_FROM && acceptsGzip(req)) {
        const zipped = await gzipAsync(answer.body, { level: zlibConstants.Z_BEST_SPEED });
        res.writeHead(answer.status, { ...headers, 'content-encoding': 'gzip' }).end(zipped);
      } else {
        res.writeHead(answer.status, headers).end(answer.body);
      }
    } else {
      res.writeHead(answer.status, answer.headers);
      answer.body.pipe(res);
    }
  } catch {
    // handleRest answers every failure itself; this only guards the socket.
    if (!res.headersSent) {
      const { status, body } = errorResponse('INTERNAL_SERVER_ERROR', 'en-US');
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    } else res.destroy();
  }
}

/**
 * Builds the express app: static assets, the JSON 404 of /api for JSON clients, then Remix (pages,
 * /graphql, /openapi.json), whose handler counts in `requests` until it settles.
 */
function httpApp(build: ServerBuild, requests: InFlight) {
  const app = express();
  app.disable('x-powered-by');
  // Fingerprinted assets: precompressed at build (Brotli and gzip), cached for good
  // (docs/docs-site.md, "Fast pages").
  app.use('/build', expressStaticGzip('public/build', { enableBrotli: true, orderPreference: ['br', 'gz'], index: false, serveStatic: { immutable: true, maxAge: '1y' } }));
  app.use(express.static('public', { index: false, maxAge: '1d', setHeaders: (res) => res.setHeader('vary', 'accept-encoding') }));
  // Every other text answer (pages, their data, /openapi.json) is compressed as it goes out.
  app.use(compression({ threshold: 1024, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } }));
  app.all(/^\/api\/?$/, (req, res, next) => {
    // The reference page for browsers, crawlers and curl (no Accept, or */*, so HTML first); the
    // API's JSON 404 for a client that prefers JSON.
    if (req.method === 'GET' && req.accepts(['html', 'json']) === 'html') return next();
    const { status, body } = errorResponse('NOT_FOUND', localeOfRequest(req));
    res.status(status).json(body);
  });
  app.use(waitForSite);
  const remix = createRequestHandler({ build, mode: env().production ? 'production' : 'development' });
  app.all('*', (req, res, next) => void requests.track(() => remix(req, res, next)));
  return app;
}

/**
 * Serves one request: the request policy, then an API call straight off the HTTP server and
 * anything else through express. The handler counts in `requests` until its work settles (the
 * REST call included), whether or not its client is still there.
 */
function requestListener(app: Express, requests: InFlight) {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    lingerOnClose(req);
    securityHeaders(req, res);
    if (answeredByPolicy(req, res)) return;
    const path = restPath(req.url ?? '/');
    // API and GraphQL calls count against their key's rate limits first.
    if ((path || isGraphqlUrl(req.url ?? '/')) && (await rateLimited(req, res, !path).catch(() => false))) return;
    if (path) return serveRest(req, res, path);
    app(req, res);
  };
  return (req: IncomingMessage, res: ServerResponse) => inRequestScope(req, res, () => void requests.track(() => handle(req, res)));
}

/** The most a request line and its headers may take (docs/limits.md). */
const MAX_HEAD_BYTES = 64 * 1024;

/**
 * What a serving process's entry (scripts/serve.mjs) calls: prepare the database, then listen on
 * PORT. A production start's first process supervises and never gets here (app/server/primary.server.ts).
 */
export const runtime = {
  async serve(build: ServerBuild, { port = env().port, quiet = false } = {}) {
    // Every setting is read and validated here, before any work (a bad one stops the start).
    env();
    const log = (line: string) => {
      if (!quiet) console.log(line);
    };
    // An error no request handler caught is logged; the process goes on serving the others.
    process.on('uncaughtException', (e) => console.error('[server] uncaught error', e instanceof Error ? e.message : e));
    process.on('unhandledRejection', (e) => console.error('[server] unhandled rejection', e instanceof Error ? e.message : e));
    const demo = await prepare(log);
    // Webhook deliveries: the delivery worker, unless they are left to `npm run worker` (docs/webhooks.md).
    const deliveries = env().webhooksInAppWorker ? await startDeliveryWorker() : undefined;
    const aisFeed = startConfiguredAisFeed();
    // Carrier lookups on schedule (docs/tracking.md).
    const tracking = startTrackingPoller();
    const requests = inFlight();
    // A request line and headers up to 64 KiB reach the app, so an over-long query string gets
    // the catalogue's 400 (docs/limits.md); longer ones are refused by the HTTP layer with 431.
    const server = createServer({ maxHeaderSize: MAX_HEAD_BYTES }, requestListener(httpApp(build, requests), requests));
    // Idle keep-alive connections stay open longer than clients and proxies keep theirs (60 s is
    // common), so a client never sends a request on a socket the server is closing at that instant.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.listen(port);
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    const actual = (server.address() as AddressInfo).port;
    const base = `http://localhost:${actual}`;
    if (cluster.isWorker) process.send?.('listening');
    log(`Trade tracking platform listening on ${base} (${env().databaseUrl ? 'PostgreSQL server' : `embedded database in ${env().dataDir}`})`);
    log(`  docs ${base}/   API reference ${base}/api/   GraphQL ${base}/graphql   OpenAPI ${base}/openapi.json`);
    if (demo) {
      log('');
      log(`Demo company "${demo.company.name}" created. Its API key (shown once, keep it):`);
      log(`  ${demo.api_key}`);
      log('Try it:');
      log(`  curl -H 'api-key: ${demo.api_key}' '${base}/api/products?limit=5'`);
      // The sample data is written while the API already serves, so the key works at once
      // (docs/getting-started.md, "Your demo API key").
      log('Adding its sample data (products, partners, orders, processes) in the background...');
      void inBackground('demo data', async () => {
        await seedDemo(demo);
        log('Demo data added.');
      });
    }
    // Stop accepting connections, let requests in flight finish, then close the database. The
    // server's close waits for connections only: a handler whose client hung up still runs, and
    // is waited for too, within the same 10 s (docs/getting-started.md, Running in production).
    const stop = async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections?.();
      const deadline = new Promise((resolve) => setTimeout(resolve, 10_000));
      const handled = closed.then(() => {
        const n = requests.running;
        if (n) log(`stopping: waiting for ${n} running request${n > 1 ? 's' : ''} (10 s at most)`);
        return requests.idle();
      });
      await Promise.race([handled, deadline]);
      await backgroundSettled();
      await tracking.stop();
      await deliveries?.stop();
      await aisFeed?.stop();
      await disconnect();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return { server, port: actual };
  },
};
