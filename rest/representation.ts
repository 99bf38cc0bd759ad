// Full answers when asked, and where a created resource lives (docs/index.md, "Full answers
// and Location"). A write's GET twin is the GET route of one resource of the same GraphQL type
// whose path the write can fill: its `{id}` from the written record's id, every other parameter
// from the write's own path. `Prefer: return=representation` on a POST or PUT that has a twin
// answers `data` as that GET does (the GET's document run right after the write, on the
// same request); every 201 names the created resource in
// `Location`. Batches and DELETE keep their answer (the docs say why).
import { getNamedType, isListType, isNonNullType, print, type GraphQLOutputType } from 'graphql';
import { schema } from '../graph/schema.ts';
import type { Locale } from '../graph/context.ts';
import { answerField, valueAt, warningsAt } from './answer.ts';
import type { HeaderRule } from '../graph/limits/request.ts';
import type { ExecutionOutcome } from './if-match.ts';
import type { CompiledRoute } from './route.ts';
import type { DocumentNode } from 'graphql';

/** `Prefer` on the writes that honour it: a short list of preferences (docs/limits.md, "Headers"). */
export const PREFER: HeaderRule = { name: 'Prefer', maxLength: 256 };

/** The answer `Prefer` asks for, or null when it names no `return` preference. */
export function returnPreference(header: string | null): 'representation' | 'minimal' | null {
  if (header === null) return null;
  // Preferences are comma-separated `token[=value]` items, each with optional `;` parameters
  // (RFC 7240); names compare without case, values may be quoted, unknown ones are ignored.
  for (const item of header.split(',')) {
    const [name, value] = item.split(';')[0].split('=').map((part) => part.trim().replace(/^"(.*)"$/, '$1').toLowerCase());
    if (name !== 'return') continue;
    if (value === 'representation' || value === 'minimal') return value;
  }
  return null;
}

/** The type a route answers, and whether it answers a list of them (a batch). */
function answerType(route: CompiledRoute): { name: string; many: boolean } {
  const op = route.document.definitions.find((d) => d.kind === 'OperationDefinition');
  if (!op || op.kind !== 'OperationDefinition') throw new Error(`route ${route.def.id}: no operation`);
  const type: GraphQLOutputType = answerField(schema, op).field.type;
  const inner = isNonNullType(type) ? type.ofType : type;
  return { name: getNamedType(type).name, many: isListType(inner) };
}

/** The selection a route answers, printed, to tell a short answer from a whole one. */
function answerSelection(route: CompiledRoute): string {
  const op = route.document.definitions.find((d) => d.kind === 'OperationDefinition');
  if (!op || op.kind !== 'OperationDefinition') return '';
  const { node } = answerField(schema, op);
  return node.selectionSet ? print(node.selectionSet) : '';
}

/**
 * The GET of the one resource a write answers: of the routes of the same type whose path
 * parameters are the record's `id` or parameters of the write, the one taking `id` first,
 * then the longest. Downloads only when `files` (a document's Location is its file).
 */
function twinOf(route: CompiledRoute, routes: CompiledRoute[], files: boolean): CompiledRoute | undefined {
  if (route.def.method === 'GET') return undefined;
  const written = answerType(route);
  if (written.many) return undefined;
  return routes
    .filter(
      (r) =>
        r.def.method === 'GET' &&
        !r.def.list &&
        (files || !r.def.download) &&
        answerType(r).name === written.name &&
        r.pathParams.every((p) => p === 'id' || route.pathParams.includes(p)),
    )
    .sort((a, b) => Number(b.pathParams.includes('id')) - Number(a.pathParams.includes('id')) || b.def.path.length - a.def.path.length)[0];
}

/** What a write route knows of its GET twin, computed once at start. */
export interface Twins {
  /** The GET whose answer `return=representation` gives (none for batches, downloads-only resources, GETs). */
  representation?: CompiledRoute;
  /** Whether the write answers the same selection as its twin already (no second run needed). */
  alreadyWhole: boolean;
  /** The route whose path a 201's `Location` names. */
  location?: CompiledRoute;
}

/** The twins of every route of the table. */
export function twinsOf(routes: CompiledRoute[]): Map<CompiledRoute, Twins> {
  return new Map(
    routes.map((route) => {
      const representation = route.def.method === 'DELETE' ? undefined : twinOf(route, routes, false);
      const alreadyWhole = !!representation && answerSelection(route) === answerSelection(representation);
      return [route, { representation, alreadyWhole, location: twinOf(route, routes, true) }];
    }),
  );
}

/** A twin's path under /api, its `{id}` the written record's, its other parameters the request's. */
function pathOf(twin: CompiledRoute, record: Record<string, unknown>, pathValues: Record<string, unknown>): string | null {
  let missing = false;
  const path = twin.def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = name === 'id' ? record.id : pathValues[name];
    if (typeof value !== 'string' && typeof value !== 'number') missing = true;
    return encodeURIComponent(String(value));
  });
  return missing ? null : `/api${path}`;
}

/** What a successful write answers, before it is serialized. */
export interface WriteAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Shapes a successful answer of a single-resource route: `Location` on a 201, the twin's
 * answer under `Prefer: return=representation` (with `Preference-Applied`), `Vary: Prefer`
 * where the answer depends on it. A twin that answers
 * nothing (the record went in between) leaves the short answer.
 */
export async function answerWrite(args: {
  route: CompiledRoute;
  twins: Twins | undefined;
  request: Request;
  status: number;
  /** The decoded variables of the write, path parameters among them. */
  variables: Record<string, unknown>;
  data: Record<string, unknown> | null | undefined;
  locale: Locale;
  run: (document: DocumentNode, values: Record<string, unknown>) => Promise<ExecutionOutcome>;
}): Promise<WriteAnswer> {
  const { route, twins, request, status, variables, data, locale } = args;
  const value = valueAt(data, route.answerPath);
  const warnings = warningsAt(data, route.answerPath, locale);
  const headers: Record<string, string> = {};
  const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  if (status === 201) {
    // A batch has no one created resource: its Location is the collection it wrote to.
    const location = twins?.location ? pathOf(twins.location, record, variables) : null;
    headers.location = location ?? new URL(request.url).pathname;
  }
  let body: unknown = { data: value, ...warnings };
  if (twins?.representation && route.def.method !== 'GET') {
    headers.vary = 'Prefer';
    if (returnPreference(request.headers.get(PREFER.name)) === 'representation') {
      const whole = twins.alreadyWhole ? value : await runTwin(twins.representation, record, variables, args.run);
      if (whole !== null && whole !== undefined) {
        body = { data: whole, ...warnings };
        headers['preference-applied'] = 'return=representation';
      }
    }
  }
  return { status, body, headers };
}

/** The twin GET's answer for the written record, or null when it answers none. */
async function runTwin(
  twin: CompiledRoute,
  record: Record<string, unknown>,
  variables: Record<string, unknown>,
  run: (document: DocumentNode, values: Record<string, unknown>) => Promise<ExecutionOutcome>,
): Promise<unknown> {
  const values = Object.fromEntries(twin.pathParams.map((p) => [p, p === 'id' ? record.id : variables[p]]));
  if (Object.values(values).some((v) => v === undefined || v === null)) return null;
  const outcome = await run(twin.document, values);
  if (outcome.errors?.length) return null;
  return valueAt(outcome.data, twin.answerPath) ?? null;
}
