// Until the documentation site is built (the first start after an install builds it while the
// API already serves: docs/getting-started.md, "Starting"), its pages answer 503 with a page that
// says so and reloads itself. The API, GraphQL, /openapi.json and the operator endpoints (/admin/,
// docs/security.md) never wait for it.
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

let built = false;

/** Whether build/docs.json exists: once it does, it stays (a start builds the site only once). */
export function siteBuilt(): boolean {
  built ||= existsSync(path.resolve('build/docs.json'));
  return built;
}

/** Seconds a reader's browser waits before asking again. */
const RETRY_SECONDS = 5;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_SECONDS}"><title>Building the documentation | TradeTrack Docs</title></head>
<body>
<h1>The documentation is being built</h1>
<p>This server was just installed, and it builds its documentation site on its first start, in about half a
minute. This page reloads by itself until it is ready.</p>
<p>The API already answers: <code>/api/...</code>, <code>/graphql</code> and <code>/openapi.json</code>.</p>
</body></html>`;

/** What does not wait for the site: the OpenAPI description, the operator endpoints and GraphQL calls (GraphiQL's page does). */
const servedWithoutSite = (req: Request) =>
  req.path === '/openapi.json' ||
  req.path.startsWith('/admin/') ||
  (req.path === '/graphql' && (req.method !== 'GET' || req.accepts(['json', 'html']) === 'json'));

/** Express middleware: a page of the site before it is built answers 503 with Retry-After. */
export function waitForSite(req: Request, res: Response, next: NextFunction): void {
  if (siteBuilt() || servedWithoutSite(req)) return next();
  res.status(503).set({ 'retry-after': String(RETRY_SECONDS), 'cache-control': 'no-store' }).type('html').send(PAGE);
}
