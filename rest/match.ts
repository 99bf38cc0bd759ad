// The route table (rest/routes/index.ts) compiled once at start, and a request matched to its
// route: each route's document validated, its variables bound to the path, the body or the
// query string by name, its path turned into a pattern.
import { getOperationAST, Kind, parse, validate } from 'graphql';
import { variableType } from '../graph/request/root-fields.ts';
import { schema } from '../graph/schema.ts';
import { answerField, withPayloadProblems } from './answer.ts';
import type { CompiledRoute, RouteDef } from './route.ts';
import { routes } from './routes/index.ts';

export type { CompiledRoute };

/** Compiles a route; an invalid document or an unbound path parameter fails at start-up. */
export function compileRoute(def: RouteDef): CompiledRoute {
  const document = withPayloadProblems(schema, parse(def.document));
  const problems = validate(schema, document);
  if (problems.length) throw new Error(`route ${def.id}: ${problems.map((p) => p.message).join('; ')}`);
  const op = getOperationAST(document);
  const root = op?.selectionSet.selections[0];
  if (!op || op.selectionSet.selections.length !== 1 || root?.kind !== Kind.FIELD) {
    throw new Error(`route ${def.id}: the document must have exactly one root field`);
  }
  const pathParams = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const rootDef = (op.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType())?.getFields()[root.name.value];
  const variables = (op.variableDefinitions ?? []).map((v) => {
    const name = v.variable.name.value;
    const type = variableType(schema, v);
    // The document was validated above: each variable's type is an input type of the schema.
    if (!type) throw new Error(`route ${def.id}: variable $${name} has no input type`);
    const from = pathParams.includes(name) ? 'path' : name === 'params' ? 'body' : 'query';
    const fed = root.arguments?.find((a) => a.value.kind === Kind.VARIABLE && a.value.name.value === name)?.name.value;
    return { name, type, from, extensions: rootDef?.args.find((a) => a.name === fed)?.extensions } as const;
  });
  for (const p of pathParams) {
    if (!variables.some((v) => v.name === p)) throw new Error(`route ${def.id}: path parameter {${p}} has no variable`);
  }
  const pattern = new RegExp(`^${def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '([^/]+)')}/?$`);
  return {
    def,
    pattern,
    pathParams,
    document,
    answerPath: answerField(schema, op).path,
    variables,
  };
}

/** Every route of the table, compiled. */
export const compiledRoutes: CompiledRoute[] = routes.map(compileRoute);

/** A route matched by a request, with the values of its path parameters as sent. */
export interface MatchedRoute {
  route: CompiledRoute;
  values: string[];
}

/** The route of `method` and `path`; HEAD is answered by the GET route, without its body. */
export function match(method: string, path: string): MatchedRoute | null {
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const route of compiledRoutes) {
    if (route.def.method !== wanted) continue;
    const m = route.pattern.exec(path);
    if (m) return { route, values: m.slice(1) };
  }
  return null;
}

/** The methods a path is declared with, as an `Allow` header, or null for an unknown path. */
export function allowedMethods(path: string): string | null {
  const methods = new Set<string>(compiledRoutes.filter((r) => r.pattern.test(path)).map((r) => r.def.method));
  if (!methods.size) return null;
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'].filter((m) => methods.has(m)).join(', ');
}
