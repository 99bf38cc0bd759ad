// Request ids and the request log (docs/security.md, Request ids and logs). Every answer carries
// `X-Request-Id`: the client's own when it is sane, else one made here. One JSON line per
// request goes to standard output (pino), with the id, company, route, method, path (never the
// query), status and duration; never a key, a header or a body.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { env } from '../../graph/env';
import { requestScope, type RequestFacts } from '../../graph/request/request-scope';
import { sqlCounter } from '../../prisma/database';
import { localeOfRequest } from './http-policy.server';

/** A request id a client may choose: 1 to 128 letters, digits, `_`, `.`, `:` or `-`. */
const SANE_ID = /^[\w.:-]{1,128}$/;

const facts = new WeakMap<IncomingMessage, RequestFacts>();

function withFacts(req: IncomingMessage, line: object): object {
  const f = facts.get(req);
  const outbox = f?.outboxMs === undefined ? {} : { outbox_ms: Math.round(f.outboxMs * 10) / 10 };
  return { ...line, company_id: f?.companyId ?? null, route: f?.route ?? null, ...outbox };
}

const logger = pinoHttp({
  logger: pino({ level: env().logLevel, base: undefined }),
  genReqId: (req) => facts.get(req)?.id ?? '',
  customAttributeKeys: { reqId: 'request_id', responseTime: 'duration_ms' },
  serializers: {
    req: (req: { method?: string; url?: string }) => ({ method: req.method, path: (req.url ?? '').split('?')[0] }),
    res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
  },
  // The company and route are known once the request has run: added to the line at its end
  // (customProps would also bind them, still empty, when the request starts: keys twice).
  customSuccessObject: (req, _res, line) => withFacts(req, line),
  customErrorObject: (req, _res, _err, line) => withFacts(req, line),
  customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
  // The child logger on each request is not used: the line at the end says it all.
  quietReqLogger: true,
});

/** The id of a request: the client's `X-Request-Id` when sane, else `req_` and 24 hex digits. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : `req_${randomBytes(12).toString('hex')}`;
}

/**
 * Gives the request its id (header of the answer, and of the request for the handlers), logs
 * its line when it ends, and runs `serve` in its scope (graph/request/request-scope.ts): its
 * locale read once, and its one SQL statement counter open.
 */
export function inRequestScope(req: IncomingMessage, res: ServerResponse, serve: () => void): void {
  const id = requestIdOf(req);
  req.headers['x-request-id'] = id;
  res.setHeader('X-Request-Id', id);
  const sql = { statements: 0, reads: 0 };
  const scope: RequestFacts = {
    id,
    locale: localeOfRequest(req),
    sql,
    answered: new Promise<void>((resolve) => {
      res.once('finish', resolve);
      res.once('close', resolve);
    }),
  };
  facts.set(req, scope);
  logger(req, res);
  requestScope.run(scope, () => sqlCounter.run(sql, serve));
}

