// Trusted documents over HTTP (docs/graphql.md, Trusted documents). A request may name its
// document by hash: Apollo's automatic persisted queries (`extensions.persistedQuery`, version
// 1, `sha256Hash`) or `documentId` (`sha256:<hash>` or the bare hash, as GraphQL codegen's
// client preset and yoga's persisted operations send it). An unknown hash answers
// PersistedQueryNotFound, and the client sends the query with its hash, which is then kept for
// the company. A key limited to registered documents runs only those, whether sent by hash or
// as text. Checked before the document is parsed; REST runs its own documents and skips this.
import { GraphQLError, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { requestCaller } from './company/caller.ts';
import { documentHash, learnDocument, storedDocument, UnregisteredDocumentError } from './company/trusted-documents.ts';
import { BadInputError, fieldMessages } from './errors.ts';

/** What a request sends that names its document (yoga checks the parameters' types after this plugin). */
type Params = { query?: unknown; extensions?: Record<string, unknown> | null; documentId?: unknown };

const HASH = /^[0-9a-f]{64}$/;

/** The hash a request names, with the parameter that names it; null when it names none. */
function requestedHash(params: Params): { hash: string; field: string } | null {
  const persisted = params.extensions?.persistedQuery as { version?: unknown; sha256Hash?: unknown } | undefined;
  if (persisted && typeof persisted === 'object') {
    if (persisted.version !== 1) throw new BadInputError([{ name: 'extensions.persistedQuery.version', message: fieldMessages.invalid }]);
    const hash = typeof persisted.sha256Hash === 'string' ? persisted.sha256Hash.toLowerCase() : '';
    if (!HASH.test(hash)) throw new BadInputError([{ name: 'extensions.persistedQuery.sha256Hash', message: fieldMessages.invalid }]);
    return { hash, field: 'extensions.persistedQuery.sha256Hash' };
  }
  if (params.documentId === undefined || params.documentId === null) return null;
  const hash = typeof params.documentId === 'string' ? params.documentId.replace(/^sha256:/, '').toLowerCase() : '';
  if (!HASH.test(hash)) throw new BadInputError([{ name: 'documentId', message: fieldMessages.invalid }]);
  return { hash, field: 'documentId' };
}

/** What Apollo clients read as "send the query with its hash": 200, never cached. */
function persistedQueryNotFound(): GraphQLError {
  return new GraphQLError('PersistedQueryNotFound', {
    extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 200, headers: { 'cache-control': 'private, no-cache, must-revalidate' } } },
  });
}

/** Whether a text is a document at all (only those are kept). */
function parses(text: string): boolean {
  try {
    parse(text, { maxTokens: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/** The document the request runs: the query sent, or the one its hash names; throws when it may not run. */
async function documentOf(params: Params, apiKey: string | null): Promise<string | undefined> {
  const named = requestedHash(params);
  const query = typeof params.query === 'string' ? params.query : undefined;
  if (!named && query === undefined) return undefined;
  // The request's key, authenticated once for the whole request (graph/company/caller.ts).
  const key = await requestCaller(apiKey);
  // A request without a valid key was answered 401 before yoga saw it.
  if (!key) return query;
  const company = key.company.id;
  const registeredOnly = key.registeredDocumentsOnly;
  if (named && query === undefined) {
    const stored = await storedDocument(company, named.hash, registeredOnly);
    if (stored === null) throw registeredOnly ? new UnregisteredDocumentError(named.field) : persistedQueryNotFound();
    return stored;
  }
  const hash = documentHash(query!);
  if (named && named.hash !== hash) throw new BadInputError([{ name: named.field, message: fieldMessages.hashMismatch }]);
  if (registeredOnly) {
    if ((await storedDocument(company, hash, true)) === null) throw new UnregisteredDocumentError(named?.field ?? 'query');
  } else if (named && parses(query!)) {
    await learnDocument(company, hash, query!);
  }
  return query;
}

/** The plugin: resolves hashes to documents and holds keys limited to registered documents to them. */
export const usePersistedDocuments: Plugin = {
  async onParams({ params, request, setParams }) {
    // `documentId` is one of yoga's extra parameters (graph/yoga.ts): sent beside the others, outside their type.
    const documentId = 'documentId' in params ? params.documentId : undefined;
    const query = await documentOf({ query: params.query, extensions: params.extensions, documentId }, request.headers.get('api-key'));
    if (query === undefined) return;
    const { documentId: _id, ...rest } = { ...params, documentId };
    setParams({ ...rest, query });
  },
};
