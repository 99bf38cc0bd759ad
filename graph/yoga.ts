import { getOperationAST, type DocumentNode, type GraphQLError } from 'graphql';
import { sqlCounter, type SqlCount } from '../prisma/database.ts';
import { createYoga, isAsyncIterable, type Plugin } from 'graphql-yoga';
import { createContext, type Context } from './context.ts';
import { schema } from './schema.ts';
import { snapshot } from './database/transaction.ts';
import { executorPlugins, prepareSchema } from './executor.ts';
import { refuseArgumentsAtRootQueries, useInputLimits, useTrimmedCodes } from './limits/arguments.ts';
import { guardPlugins } from './limits/document.ts';
import { usePersistedDocuments } from './persisted.ts';
import { useKeyScopes } from './company/scopes.ts';
import { asDomainError, isUnavailableError, ServiceUnavailableError, TooManyRequestsError } from './errors.ts';
import { inTurn } from './company/workload.ts';
import { requestScope } from './request/request-scope.ts';
import { replacedAt, withExtensions } from './request/graphql-errors.ts';
import { readyToRead } from './database/before-reading.ts';

// The schema readied for the GraphQL executor (graph/executor.ts), before the argument checks wrap its root fields.
prepareSchema(schema);
// A root query field whose arguments break a limit answers the error at its path (graph/limits/arguments.ts).
refuseArgumentsAtRootQueries(schema);

/**
 * Every operation runs in its company's turn (graph/company/workload.ts, docs/limits.md); it is
 * the last plugin, so the turn is taken before a snapshot's transaction holds a connection. A
 * REST call took its request's turn already (rest/router.ts): its operations run in it.
 */
const useFairShare: Plugin<Context> = {
  onExecute({ args, executeFn, setExecuteFn }) {
    setExecuteFn((a) =>
      inTurn(args.contextValue, () => Promise.resolve(executeFn(a))).catch((e) => {
        // A full queue answers like any refused operation: a result carrying the 429.
        if (e instanceof TooManyRequestsError) return { errors: [e] };
        throw e;
      }),
    );
  },
};

type Outcome = { data?: Record<string, unknown> | null; errors?: readonly GraphQLError[] };

/**
 * A database that cannot be used (docs/limits.md, Database unavailable) answers
 * SERVICE_UNAVAILABLE, never a masked 500 with the driver's stack trace in the log (the outage
 * is logged once, prisma/availability.ts). When no root field has data, the answer is `data:
 * null` and the one 503 error, an HTTP 503 with Retry-After (GraphQL over HTTP lets a request
 * without data answer non-2xx); otherwise each failed field carries the code at its path and
 * the partial data answers 200. It is the last plugin, so it sees what every other one throws.
 */
const useDatabaseOutage: Plugin = {
  onExecute({ executeFn, setExecuteFn }) {
    setExecuteFn(async (a) => {
      let result: Awaited<ReturnType<typeof executeFn>>;
      try {
        result = await executeFn(a);
      } catch (e) {
        const known = asDomainError(e);
        if (known instanceof ServiceUnavailableError) return { data: null, errors: [known] };
        throw e;
      }
      if (Symbol.asyncIterator in result) return result;
      const { data, errors } = result as Outcome;
      if (!errors?.some(isUnavailableError)) return result;
      if (!data || Object.values(data).every((v) => v === null || v === undefined)) return { data: null, errors: [new ServiceUnavailableError()] };
      const unavailable = new ServiceUnavailableError();
      return { ...result, errors: errors.map((e) => (isUnavailableError(e) ? replacedAt(e, unavailable.message, { ...unavailable.extensions }) : e)) };
    });
  },
};

/**
 * GraphQL over HTTP (docs/graphql.md): an error raised while a field resolves (it has a `path`)
 * answers 200 with the partial data and the catalogue code in `extensions`; only requests that
 * fail before execution (unreadable, over a limit, invalid) answer 4xx. The status a domain
 * error carries for REST is dropped here; REST reads the code, and keeps the headers.
 */
const useFieldErrorsAs200: Plugin = {
  onExecutionResult({ result, setResult }) {
    if (!result || isAsyncIterable(result)) return;
    const { errors } = result;
    if (!errors?.some((e) => e.path && e.extensions?.http)) return;
    const withoutStatus = errors.map((e) => {
      if (!e.path || !e.extensions?.http) return e;
      const { status: _status, ...http } = e.extensions.http as { status?: number };
      return withExtensions(e, { ...e.extensions, http });
    });
    setResult({ ...result, errors: withoutStatus });
  },
};

/** Every GraphQL error names the request in `extensions.request_id`, as REST error bodies do (docs/graphql.md). */
const useRequestIdInErrors: Plugin = {
  onExecutionResult({ result, setResult }) {
    if (!result || isAsyncIterable(result)) return;
    const { errors } = result;
    const id = requestScope.getStore()?.id;
    if (!errors?.length || !id) return;
    const named = errors.map((e) => withExtensions(e, { ...e.extensions, request_id: id }));
    setResult({ ...result, errors: named });
  },
};

/** Documents learned to read with one statement, which needs no snapshot; false once one read more. */
const singleStatement = new WeakMap<DocumentNode, boolean>();

/**
 * Every query that reads with more than one statement runs on one snapshot
 * (docs/decisions/010-write-path.md): a page and the nested trees of its rows show one
 * committed state even while writers replace children in between. One statement sees one
 * state by itself, so a document whose execution read with one statement runs without the
 * snapshot's transaction from then on (it costs three round trips); should it ever read more,
 * it goes back to snapshots. Mutations open their own transactions in the write path.
 */
const useSnapshotReads: Plugin<Context> = {
  onExecute({ args, executeFn, setExecuteFn }) {
    if (getOperationAST(args.document, args.operationName)?.operation !== 'query') return;
    const document = args.document;
    const ready = () => readyToRead(document, args.operationName, args.contextValue);
    setExecuteFn(async (a) => {
      await ready();
      // NOTE: the statements of a transaction are counted in the scope that opened it, so the
      // reads are measured on the request's counter, opened once by the HTTP entry
      // (graph/request/request-scope.ts). Without one (no HTTP request) nothing is learned.
      const measured = async (store: SqlCount) => {
        const before = store.reads ?? 0;
        const reads = () => (store.reads ?? 0) - before;
        if (singleStatement.get(document)) {
          const result = await executeFn(a);
          if (store.canceled) return { data: null, errors: [new ServiceUnavailableError()] };
          if (reads() > 1) singleStatement.set(document, false);
          return result;
        }
        const result = await snapshot(() => Promise.resolve(executeFn(a)));
        // A read that passed the limits still cannot hold the database: a statement past the
        // statement timeout is canceled and the answer is 503 (docs/limits.md).
        if (store.canceled) return { data: null, errors: [new ServiceUnavailableError()] };
        // Only a complete answer teaches: one that failed may have stopped before its other reads.
        if (reads() <= 1 && !(result as { errors?: readonly unknown[] }).errors?.length) singleStatement.set(document, true);
        return result;
      };
      const counter = sqlCounter.getStore();
      return counter ? measured(counter) : snapshot(() => Promise.resolve(executeFn(a)));
    });
  },
};

/**
 * The one yoga instance: `/graphql` over HTTP, and the executor the REST facade runs through.
 * It has no server context (`Record<never, never>`, no keys), so the context yoga builds is typed
 * as `Context` (rest/router.ts).
 */
export const yoga = createYoga<Record<never, never>, Context>({
  schema,
  graphqlEndpoint: '/graphql',
  // A key read from a database that cannot be used is a 503, not an unexpected error.
  context: (initial) =>
    createContext(initial).catch((e: unknown) => {
      throw asDomainError(e) ?? e;
    }),
  landingPage: false,
  // GraphiQL is the app's own page (app/server/graphiql.server.ts), with its assets served as files.
  graphiql: false,
  // NOTE: unexpected errors are masked ("Unexpected error."); domain errors are GraphQLErrors and pass.
  // CORS is the platform's own policy, applied where requests enter (docs/security.md).
  cors: false,
  maskedErrors: true,
  logging: 'error',
  // useKeyScopes refuses an operation the key's scopes do not allow (403) before any other work.
  // The GraphQL executor's plugins (graph/executor.ts, GRAPHQL_EXECUTOR).
  // A document named by hash (APQ's `extensions.persistedQuery`, or `documentId`) is resolved
  // first (graph/persisted.ts, docs/graphql.md Trusted documents).
  extraParamNames: ['documentId'],
  plugins: [usePersistedDocuments, ...guardPlugins(), useInputLimits, useKeyScopes, ...executorPlugins(), useTrimmedCodes, useSnapshotReads, useFairShare, useDatabaseOutage, useFieldErrorsAs200, useRequestIdInErrors],
});
