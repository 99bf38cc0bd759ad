import type { DocumentNode, GraphQLInputType } from 'graphql';

/** HTTP methods of the public API. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One documented (method, path) of the API: the GraphQL operation it runs and how the
 * answer is shaped. Variables are bound by name: a `{name}` path segment feeds `$name`,
 * the JSON body's `params` feeds `$params`, and every other variable is read from the
 * query string (`limit`, `offset`, `order_by[0][field]`, `filters[x]`, `search`).
 */
export interface RouteDef {
  /** Stable id, also the OpenAPI operationId, e.g. `products.getByCode`. */
  id: string;
  method: Method;
  /** Path under /api in OpenAPI form, e.g. `/products/{id}`. */
  path: string;
  /** OpenAPI tag (reference section). */
  tag: string;
  summary: string;
  description?: string;
  /** A named GraphQL operation with one root field; its selection is the answer's shape. */
  document: string;
  /** 200, or 201 for creates and batch upserts. */
  status: 200 | 201;
  /** True when the root field answers a page (`{ data, total_count, next_cursor }`; the events feed `{ data, next_cursor, has_more }`), passed through as the body. */
  list?: boolean;
  /** Example of `params` for the OpenAPI description. */
  example?: unknown;
  /** Examples of path parameters for the OpenAPI description. */
  pathExamples?: Record<string, string | number>;
  /** The body is multipart/form-data: text fields feed `$params`, a file part becomes an `Upload`. */
  multipart?: boolean;
  /**
   * The answer carries a secret shown once (a whole API key): it is never kept for a replay, so
   * the route does not honour `Idempotency-Key` (docs/limits.md, Headers).
   */
  revealsSecret?: boolean;
  /** The root field answers a stored file (`storage_key`, `content_type`, `original_filename`); its bytes are the answer. */
  download?: boolean;
}

/** Declares a route; the identity function keeps the table typed. */
export function route(def: RouteDef): RouteDef {
  return def;
}

/** A route with its document parsed and validated once, and its path compiled. */
export interface CompiledRoute {
  def: RouteDef;
  pattern: RegExp;
  pathParams: string[];
  document: DocumentNode;
  /** Where the answer is in `data`: the root field, or a mutation payload's record (rest/answer.ts). */
  answerPath: string[];
  /** The document's variables, with the extensions (limits, format) of the root argument each feeds. */
  variables: { name: string; type: GraphQLInputType; from: 'path' | 'body' | 'query'; extensions?: unknown }[];
}
