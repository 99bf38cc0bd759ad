// Full answers when asked, and where a created resource lives (docs/index.md, "Full answers
// and Location"), by a write's GET twin (rest/twins.ts). `Prefer: return=representation` on a
// POST or PUT that has a twin
// answers `data` as that GET does (the GET's document run right after the write, on the
// same request); every 201 names the created resource in
// `Location`. Batches and DELETE keep their answer (the docs say why).
import type { DocumentNode } from 'graphql';
import type { Locale } from '../graph/context.ts';
import { PREFER } from '../graph/limits/request.ts';
import { valueAt, warningsAt } from './answer.ts';
import type { ExecutionOutcome } from './if-match.ts';
import type { CompiledRoute } from './route.ts';
import type { Twins } from './twins.ts';

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
