import { randomUUID } from 'node:crypto';
import type { GraphQLError } from 'graphql';
import { authenticateKey } from './company/auth.ts';
import { UnauthorizedError } from './errors.ts';
import { noteRequest } from './kit/request-scope.ts';

/** Locales the platform answers in. */
export const locales = ['pt-BR', 'en-US', 'es-ES'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'pt-BR';

/** Something the mutation did that the client did not ask for, such as an ETA replaced by tracking (graph/kit/payload.ts). */
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
  /** Set by the REST facade: broken rules are thrown as errors (catalogue statuses), not listed in `userErrors`. */
  rulesAsErrors?: boolean;
  /**
   * Root fields of a `/graphql` document refused for arguments over a limit, by response key
   * (graph/limits/arguments.ts): a query field answers the error, a mutation its `userErrors`.
   */
  refusedArguments?: Map<string, GraphQLError[]>;
  /** The warnings of the mutation being resolved (graph/kit/payload.ts). */
  warnings?: Warning[];
}

/** Reads the locale from the query string or the `locale` header; unknown values fall back to the default. */
export function localeOf(request: Request): Locale {
  const fromQuery = new URL(request.url).searchParams.get('locale');
  const value = fromQuery ?? request.headers.get('locale');
  return (locales as readonly string[]).includes(value ?? '') ? (value as Locale) : defaultLocale;
}

/** Builds the context once per request; a request without a valid `api-key` is refused here. */
export async function createContext({ request }: { request: Request }): Promise<Context> {
  const key = await authenticateKey(request.headers.get('api-key'));
  if (!key) throw new UnauthorizedError();
  const { company } = key;
  noteRequest({ companyId: company.id });
  return {
    company,
    key: { prefix: key.prefix, scopes: key.scopes },
    locale: localeOf(request),
    // Set by the HTTP entry (app/server/request-log.server.ts) on every request.
    requestId: request.headers.get('x-request-id') ?? randomUUID(),
  };
}
