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

/**
 * The sort keys of the flat form `order_by=-inserted_at,id` (docs/index.md, Pagination and
 * sorting): comma-separated fields, a leading `-` for descending, `+` or nothing for
 * ascending. An empty key stays empty so `decode` names it (`order_by.1.field`).
 */
export function flatOrderBy(text: string): { field: string; order: 'ASC' | 'DESC' }[] {
  return text.split(',').map((key) => {
    const k = key.trim();
    return k.startsWith('-') ? { field: k.slice(1), order: 'DESC' } : { field: k.replace(/^\+/, ''), order: 'ASC' };
  });
}

/** Whether a query string sorts in both forms at once (`order_by=...` and `order_by[...]`), a 400. */
export function sortsBothWays(search: string): boolean {
  return /(^|&)order_by=/.test(search) && /(^|&)order_by(\[|%5b)/i.test(search);
}
