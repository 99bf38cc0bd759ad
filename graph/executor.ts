// The GraphQL executor, chosen in one place (GRAPHQL_EXECUTOR, graph/env.ts;
// docs/decisions/009-relation-loading.md; CONTRIBUTING.md, "One place for each concept"): the
// plugins of the yoga instance that serves /graphql and the REST facade (graph/yoga.ts), and
// the runner the events renderer executes its documents with (graph/events/render.ts).
// `jit` compiles each operation to JavaScript once (graphql-jit) and reuses it; `plain` runs
// graphql-js.
import { useGraphQlJit } from '@envelop/graphql-jit';
import { execute, getOperationAST, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Context } from './context.ts';
import { env } from './env.ts';
import { internResponsePaths } from './stable-paths.ts';
import { answerAssembled } from './assembled/resolvers.ts';

const compiles = () => env().graphqlExecutor === 'jit';

const prepared = new WeakSet<GraphQLSchema>();

/**
 * Readies `schema` for the chosen executor, once per schema, whichever user comes first. The
 * compiled executor builds a new path object per resolver call; the Prisma plugin needs one
 * object per response position to find what a parent's query loaded (graph/stable-paths.ts).
 * graphql-js keeps one path per position itself. Either way, the fields of assembled types
 * answer an assembled object's own values (graph/assembled/resolvers.ts).
 */
export function prepareSchema(schema: GraphQLSchema): void {
  if (prepared.has(schema)) return;
  prepared.add(schema);
  if (compiles()) internResponsePaths(schema);
  // Last, so that an assembled object's fields answer before any other wrapper runs (graph/assembled/resolvers.ts).
  answerAssembled(schema);
}

/**
 * Subscriptions run on graphql-js: graphql-jit hands a subscription's `subscribe` the request's
 * variables in place of the field's arguments.
 */
const notSubscription = ({ document, operationName }: { document: DocumentNode; operationName?: string | null }) =>
  getOperationAST(document, operationName ?? undefined)?.operation !== 'subscription';

/** The executor's plugins of a yoga instance: graphql-jit's for the compiled executor, none for graphql-js. */
export function executorPlugins(): ReturnType<typeof useGraphQlJit>[] {
  return compiles() ? [useGraphQlJit({}, { enableIf: notSubscription })] : [];
}

/** A parsed document run by the chosen executor, in a given context and with given variables. */
export type Run = (context: Context, variables: Record<string, unknown>) => Promise<ExecutionResult>;

/** Runs `document` as the chosen executor does: compiled once by graphql-jit, or executed by graphql-js. */
export function runnerOf(schema: GraphQLSchema, document: DocumentNode): Run {
  prepareSchema(schema);
  const compiled = compiles() ? compileQuery(schema, document) : undefined;
  return compiled && isCompiledQuery(compiled)
    ? async (context, variables) => compiled.query(undefined, context, variables)
    : async (context, variables) => execute({ schema, document, contextValue: context, variableValues: variables });
}
