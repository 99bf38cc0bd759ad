// A DCSA Track & Trace 2.3 carrier for the tests: `GET /v2/events` and
// `/v2/event-subscriptions` as tests/fixtures/dcsa/tnt_v2.3.0.bundled.yaml describes them.
// Every answer it gives is validated against the description's schemas first; what does not
// conform is recorded in `problems` (tests assert it stays empty), so the stub cannot drift.
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const spec = parse(readFileSync(new URL('../fixtures/dcsa/tnt_v2.3.0.bundled.yaml', import.meta.url), 'utf8'));
// OpenAPI 3.0 keywords (nullable, example, discriminator) are not JSON Schema: strict off.
// Formats are checked (date-time, uuid, uri, byte, int32); the description spells one
// date-time `$date-time` (errorDateTime), checked as date-time.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('$date-time', ajv.formats['date-time']!);
ajv.addSchema({ $id: 'dcsa', components: spec.components });
const ref = (name: string) => ({ $ref: `dcsa#/components/schemas/${name}` });
const errorSchema = spec.paths['/v2/events'].get.responses.default.content['application/json'].schema;
const rewrite = (s: unknown): unknown =>
  JSON.parse(JSON.stringify(s).replace(/"#\/components\//g, '"dcsa#/components/'));
/** The schemas of the answers, taken from the description's paths. */
export const answerSchemas = {
  events: ajv.compile(rewrite(spec.paths['/v2/events'].get.responses['200'].content['application/json'].schema) as object),
  subscription: ajv.compile(rewrite(spec.paths['/v2/event-subscriptions'].post.responses['201'].content['application/json'].schema) as object),
  subscriptions: ajv.compile(rewrite(spec.paths['/v2/event-subscriptions'].get.responses['200'].content['application/json'].schema) as object),
  error: ajv.compile(rewrite(errorSchema) as object),
  subscriptionRequest: ajv.compile(ref('subscriptionBodyWithSecret')),
};

type Mode = 'ok' | 'down' | 'slow';

/** A running stub carrier. */
export interface DcsaStub {
  url: string;
  /** Events by reference value (a transport document, booking or equipment reference). */
  events: Map<string, unknown[]>;
  /** References the carrier refuses (400). */
  refused: Set<string>;
  mode: Mode;
  /** Whether the carrier offers subscriptions (false: 501). */
  subscriptions: boolean;
  /** Subscriptions made, with the request's body. */
  subscribed: { subscriptionID: string; body: Record<string, unknown> }[];
  /** Requests it received: method, path and query, the headers, and when it arrived (Date.now()). */
  requests: { method: string; path: string; query: Record<string, string>; headers: Record<string, string | string[] | undefined>; at: number }[];
  /** Answers that did not conform to the description (must stay empty). */
  problems: string[];
  close(): Promise<void>;
}

/** Starts a stub carrier on a loopback port. */
export async function startDcsaStub(): Promise<DcsaStub> {
  const stub: Omit<DcsaStub, 'url' | 'close'> = { events: new Map(), refused: new Set(), mode: 'ok', subscriptions: true, subscribed: [], requests: [], problems: [] };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const query = Object.fromEntries(url.searchParams);
    stub.requests.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers, at: Date.now() });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown, schema: (typeof answerSchemas)[keyof typeof answerSchemas]) => {
        if (!schema(body)) stub.problems.push(`${req.method} ${url.pathname} ${status}: ${ajv.errorsText(schema.errors)}`);
        res.writeHead(status, { 'content-type': 'application/json', 'API-Version': '2.3.0' }).end(JSON.stringify(body));
      };
      const error = (status: number, text: string, reason: string) =>
        send(status, { httpMethod: req.method, requestUri: url.pathname, statusCode: status, statusCodeText: text, errorDateTime: new Date().toISOString(), errors: [{ reason, message: reason }] }, answerSchemas.error);
      if (stub.mode === 'slow') return; // never answers: the client's timeout ends it
      if (stub.mode === 'down') return error(500, 'Internal Server Error', 'internalError');
      if (req.method === 'GET' && url.pathname === '/v2/events') {
        const key = query.transportDocumentReference ?? query.carrierBookingReference ?? query.equipmentReference;
        if (key && stub.refused.has(key)) return error(400, 'Bad Request', 'invalidQuery');
        return send(200, (key && stub.events.get(key)) ?? [], answerSchemas.events);
      }
      if (url.pathname === '/v2/event-subscriptions') {
        if (!stub.subscriptions) return error(501, 'Not Implemented', 'notImplemented');
        if (req.method === 'POST') {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
          if (!answerSchemas.subscriptionRequest(body)) return error(400, 'Bad Request', ajv.errorsText(answerSchemas.subscriptionRequest.errors));
          const subscriptionID = randomUUID();
          stub.subscribed.push({ subscriptionID, body });
          return send(201, { subscriptionID, callbackUrl: body.callbackUrl }, answerSchemas.subscription);
        }
        if (req.method === 'GET') return send(200, stub.subscribed.map((s) => ({ subscriptionID: s.subscriptionID, callbackUrl: s.body.callbackUrl })), answerSchemas.subscriptions);
      }
      return error(404, 'Not Found', 'notFound');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(stub as DcsaStub, {
    url,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  });
}

/** A transport event as a carrier sends it: ARRI or DEPA, ACT or EST, at a port. */
export function transportEvent(code: 'ARRI' | 'DEPA', classifier: 'ACT' | 'EST', at: string, locode: string, created = at): Record<string, unknown> {
  return {
    eventID: randomUUID(),
    eventType: 'TRANSPORT',
    eventCreatedDateTime: created,
    eventClassifierCode: classifier,
    eventDateTime: at,
    transportEventTypeCode: code,
    transportCall: {
      transportCallID: `${locode}-001`,
      exportVoyageNumber: '2403W',
      modeOfTransport: 'VESSEL',
      location: { UNLocationCode: locode },
      vessel: { vesselIMONumber: '9321483', vesselName: 'MSC TEST' },
    },
  };
}

/** An equipment event (GTOT, LOAD, DISC ...) of a container. */
export function equipmentEvent(code: string, classifier: 'ACT' | 'EST', at: string, container: string, locode: string): Record<string, unknown> {
  return {
    eventID: randomUUID(),
    eventType: 'EQUIPMENT',
    eventCreatedDateTime: at,
    eventClassifierCode: classifier,
    eventDateTime: at,
    equipmentEventTypeCode: code,
    equipmentReference: container,
    emptyIndicatorCode: 'LADEN',
    eventLocation: { UNLocationCode: locode },
    transportCall: { transportCallID: `${locode}-001`, exportVoyageNumber: '2403W', modeOfTransport: 'VESSEL', vessel: { vesselIMONumber: '9321483', vesselName: 'MSC TEST' } },
  };
}
