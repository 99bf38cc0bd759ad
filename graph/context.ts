import { randomUUID } from 'node:crypto';
import type { GraphQLError } from 'graphql';
import { requestCaller } from './company/caller.ts';
import { UnauthorizedError } from './errors.ts';
import { noteRequest, requestScope } from './request/request-scope.ts';
import { localeOf, type Locale } from './locale.ts';

export { defaultLocale, localeOf, locales, type Locale } from './locale.ts';

/** Something the mutation did that the client did not ask for, such as an ETA replaced by tracking (graph/schema-helpers/payload.ts). */
export interface Warning {
  field: string | null;
  code: string;
  message: string;
}

/** What every resolver knows about the request. */
export interface Context {
  company: { id: number; name: string };
  /** The API key of the call: its prefix and scopes (graph/company/scopes.ts); absent for the platform's own operations. */
  key?: { prefix: string; scopes: string[] };
  locale: Locale;
  requestId: string;
  /**
   * Root fields of a document (REST or `/graphql`) refused for arguments over a limit, by response key
   * (graph/limits/arguments.ts): a query field answers the error, a mutation its `userErrors`.
   */
  refusedArguments?: Map<string, GraphQLError[]>;
  /** The warnings of the mutation being resolved (graph/schema-helpers/payload.ts). */
  warnings?: Warning[];
}

/** The request's locale, as the HTTP entry read it into the request scope; outside a request, read from `request`. */
export function requestLocale(request: Request): Locale {
  return requestScope.getStore()?.locale ?? localeOf(request);
}

/** Builds the context once per request; a request without a valid `api-key` is refused here. */
export async function createContext({ request }: { request: Request }): Promise<Context> {
  const key = await requestCaller(request.headers.get('api-key'));
  if (!key) throw new UnauthorizedError();
  const { company } = key;
  noteRequest({ companyId: company.id });
  return {
    company,
    key: { prefix: key.prefix, scopes: key.scopes },
    locale: requestLocale(request),
    // Set by the HTTP entry (app/server/request-log.server.ts) on every request.
    requestId: request.headers.get('x-request-id') ?? randomUUID(),
  };
}
