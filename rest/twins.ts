// A write's GET twins (docs/index.md, "Full answers and Location"), found once at start: the GET
// route of one resource of the same GraphQL type whose path the write can fill, its `{id}` from
// the written record's id and every other parameter from the write's own path. Its answer is what
// `Prefer: return=representation` gives (rest/representation.ts); its path, a 201's `Location`.
import { getNamedType, isListType, isNonNullType, print, type GraphQLOutputType } from 'graphql';
import { schema } from '../graph/schema.ts';
import { answerField } from './answer.ts';
import type { CompiledRoute } from './route.ts';

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
