import { useGraphQlJit } from '@envelop/graphql-jit';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { getOperationAST } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import { createContext, type Context } from './context.ts';
import { env } from './env.ts';
import { schema } from './schema.ts';
import { snapshot } from './kit/transaction.ts';
import { internResponsePaths } from './stable-paths.ts';

const executor = env().graphqlExecutor;
// The compiled executor builds a new path object per resolver call; the Prisma plugin needs one
// object per response position to find what a parent's query loaded (graph/stable-paths.ts).
// graphql-js keeps one path per position itself.
if (executor === 'jit') internResponsePaths(schema);

/**
 * Every query runs on one snapshot (docs/decisions/010-write-path.md): a page and the nested
 * trees of its rows, read in several statements, show one committed state even while writers
 * replace children in between. Mutations open their own transactions in the write path.
 */
const useSnapshotReads: Plugin = {
  onExecute({ args, executeFn, setExecuteFn }) {
    if (getOperationAST(args.document, args.operationName)?.operation !== 'query') return;
    setExecuteFn((a) => snapshot(() => Promise.resolve(executeFn(a))));
  },
};

/** The one yoga instance: `/graphql` over HTTP, and the executor the REST facade runs through. */
export const yoga = createYoga<Record<string, never>, Context>({
  schema,
  graphqlEndpoint: '/graphql',
  context: createContext,
  landingPage: false,
  // GraphiQL's assets ship inside the package: nothing is loaded from a CDN.
  renderGraphiQL,
  graphiql: {
    title: 'Trade tracking platform GraphQL',
    headers: JSON.stringify({ 'api-key': 'YOUR_API_KEY' }),
    defaultQuery: '{\n  company { id name }\n  products(limit: 5) { total_count data { id code description } }\n}\n',
  },
  // NOTE: unexpected errors are masked ("Unexpected error."); domain errors are GraphQLErrors and pass.
  maskedErrors: true,
  logging: 'error',
  // GRAPHQL_EXECUTOR (graph/env.ts): jit compiles each operation to JavaScript once and reuses it.
  plugins: executor === 'jit' ? [useGraphQlJit(), useSnapshotReads] : [useSnapshotReads],
});
