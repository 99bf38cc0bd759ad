import qs from 'qs';

/**
 * Reads a URL query string (without its `?`) into nested values with qs: brackets nest
 * (`order_by[0][field]=code` -> `{ order_by: [{ field: 'code' }] }`), a repeated name makes
 * a list. Bounds: 5 levels deep, list indexes up to 99 (a larger index makes an object
 * keyed by it, which `decode` still reads as a list in index order), 200 parameters (the
 * rest are ignored). Every leaf stays text; `decode` converts it by the GraphQL type of
 * its variable (docs/index.md, Pagination and sorting).
 */
export function readQuery(search: string): Record<string, unknown> {
  return qs.parse(search, { depth: 5, arrayLimit: 100, parameterLimit: 200 }) as Record<string, unknown>;
}
