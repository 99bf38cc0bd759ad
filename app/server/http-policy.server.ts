// What every answer of the platform carries, and what every request meets first
// (docs/security.md): security headers, the methods the platform serves, and the CORS policy
// of the API and GraphQL. Applied once, where requests enter (runtime.server.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { requestScope } from '../../graph/request/request-scope';
import { localeFrom, type Locale } from '../../graph/locale';
import { env } from '../../graph/env';
import { errorResponse } from '../../rest/errors';

/** Methods the platform answers; any other (TRACE, CONNECT, PATCH...) is 405. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

/** Request headers a cross-origin page may send to the API (preflight). */
const CORS_HEADERS = 'api-key, content-type, idempotency-key, if-match, if-none-match, locale, prefer, x-request-id';

/**
 * The pages' policy: scripts, styles and workers from this origin only (the API reference
 * runs its renderer in a worker made from a blob); inline scripts and styles, which the pages'
 * hydration data, the reference and GraphiQL need; no plugins, frames or foreign forms.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The API's policy: its answers are data, never a document to render. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Whether a request URL is the GraphQL endpoint. */
export const isGraphqlUrl = (url: string) => url === '/graphql' || url.startsWith('/graphql?');
const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || isGraphqlUrl(url);

/**
 * The locale a Node request asks for (query or header), the default when unreadable: read once
 * by the HTTP entry into the request scope (app/server/request-log.server.ts), then taken from it.
 */
export function localeOfRequest(req: IncomingMessage): Locale {
  const header = req.headers.locale;
  return requestScope.getStore()?.locale ?? localeFrom(req.url ?? '/', Array.isArray(header) ? header.join(', ') : header);
}

/** Sets the headers every answer carries. */
export function securityHeaders(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  // The API reference page (/api/) and GraphiQL (GET /graphql from a browser) are pages.
  const page = !isApi(url) || url === '/api/' || (url.startsWith('/graphql') && req.method === 'GET');
  res.setHeader('Content-Security-Policy', page ? PAGE_POLICY : API_POLICY);
}

/** The allowed origin to name in the answer, or null when the origin may not call. */
function allowedOrigin(origin: string | undefined): string | null {
  if (!origin) return null;
  const allowed = env().corsOrigins;
  if (allowed.includes('*')) return '*';
  return allowed.includes(origin) ? origin : null;
}

/**
 * Applies the request policy; answers true when it answered the request itself: a method the
 * platform does not serve (405), or a CORS preflight of the API or GraphQL (204).
 */
export function answeredByPolicy(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? 'GET';
  if (!METHODS.includes(method)) {
    const { status, body } = errorResponse('METHOD_NOT_ALLOWED', localeOfRequest(req));
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', allow: METHODS.join(', '), connection: 'close' }).end(JSON.stringify(body));
    return true;
  }
  if (!isApi(req.url ?? '/')) return false;
  const origin = allowedOrigin(req.headers.origin);
  if (origin) {
    // Never credentials: the key travels in a header, so no cookie is ever needed.
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'etag, location, preference-applied, retry-after, x-request-id, ratelimit, ratelimit-policy, idempotent-replayed');
    if (origin !== '*') res.setHeader('Vary', 'Origin');
  }
  if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
    if (origin) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, DELETE');
      res.setHeader('Access-Control-Allow-Headers', CORS_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
    }
    res.writeHead(204).end();
    return true;
  }
  return false;
}

/** How long a closing connection waits, its side ended, before it drops what the client still sends. */
const LINGER_MS = 1_000;
const lastRequest = new WeakMap<Socket, IncomingMessage>();

/**
 * A lingering close (docs/limits.md, Request size): an answer sent before the request's body
 * was read (a 413) closes the connection, and closing a socket with unread data resets it; a
 * reset can drop the answer before the client reads it. So such a socket first ends its side,
 * and is destroyed a second later, by which time the answer has reached the client.
 */
export function lingerOnClose(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  if (!lastRequest.has(socket) && typeof socket.destroySoon === 'function') {
    const destroySoon = socket.destroySoon;
    socket.destroySoon = () => {
      const current = lastRequest.get(socket);
      if (!current || current.complete) return destroySoon.call(socket);
      if (socket.writable) socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    };
  }
  lastRequest.set(socket, req);
}
