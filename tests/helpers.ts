import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import { sharedApp } from './setup/shared-app.ts';

export { sharedApp };

/** A catalogue error body as the API answers it, with the id of the request that got it. */
export function errorBody(code: string, message: unknown, fields?: unknown) {
  return { code, message, ...(fields === undefined ? {} : { fields }), request_id: expect.stringMatching(/^req_[0-9a-f]{24}$/) };
}

/** An answer body without its `request_id`: what two answers to different requests may share. */
export function sameAnswer(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || !('request_id' in body)) return body;
  const { request_id: _id, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** The app under test. */
export const baseUrl = () => sharedApp().baseUrl;

/** A short unique suffix so each test's data never collides with another's. */
export function uniq(prefix = ''): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

/** A company made for one test: its key and its operation. */
export interface TestCompany {
  company: { id: number; name: string };
  api_key: string;
  operation: { id: number; handlers: { id: number; role: string }[] };
}

/** Creates a fresh company (own API key and operation) through the operator endpoint; with `demo`, filled with the demo data. */
export async function newCompany(name = uniq('Company '), demo = false): Promise<TestCompany> {
  const res = await fetch(`${baseUrl()}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': inject('adminToken'), 'content-type': 'application/json' },
    body: JSON.stringify({ name, ...(demo ? { demo } : {}) }),
  });
  if (res.status !== 201) throw new Error(`company creation failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as TestCompany;
}

/** What an API call answered. */
export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the REST API over HTTP: `body` is sent as JSON as given (wrap it in `params` yourself). */
export async function api<T = any>(
  method: string,
  path: string,
  { key, body, query, headers, raw }: { key?: string; body?: unknown; query?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<ApiResult<T>> {
  const url = `${baseUrl()}/api${path}${query ? `?${query}` : ''}`;
  const res = await fetch(url, {
    method,
    headers: {
      ...(key ? { 'api-key': key } : {}),
      ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** An API client bound to one company's key. */
export function client(key: string) {
  return {
    get: (path: string, query?: string) => api('GET', path, { key, query }),
    post: (path: string, params: unknown, query?: string) => api('POST', path, { key, body: { params }, query }),
    put: (path: string, params?: unknown, query?: string) => api('PUT', path, { key, body: params === undefined ? undefined : { params }, query }),
    del: (path: string, query?: string) => api('DELETE', path, { key, query }),
  };
}

/** Runs a GraphQL operation over HTTP. */
export async function graphql(key: string | undefined, query: string, variables?: Record<string, unknown>) {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    // The media type of GraphQL over HTTP, whose request errors answer 4xx (docs/graphql.md).
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(key ? { 'api-key': key } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { data?: any; errors?: any } };
}

/**
 * The nodes of a connection read page by page (`$after` from each `pageInfo.endCursor`, at most
 * 50 pages): `field` is the connection's root field, whose selection asks for
 * `edges { node { ... } } pageInfo { hasNextPage endCursor }`.
 */
export async function connectionNodes<Node>(key: string, query: string, field: string, variables: Record<string, unknown> = {}): Promise<Node[]> {
  const nodes: Node[] = [];
  let after: string | null = null;
  for (let page = 0; page < 50; page++) {
    const res = await graphql(key, query, { ...variables, after });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    const conn = res.body.data[field];
    nodes.push(...conn.edges.map((e: { node: Node }) => e.node));
    if (!conn.pageInfo.hasNextPage) return nodes;
    after = conn.pageInfo.endCursor;
  }
  throw new Error(`${field}: more than 50 pages`);
}

/** A route with three points (GraphQL); answers its id and point ids. */
export async function routeOf(key: string) {
  const res = await graphql(key, 'mutation($p: RouteParams!) { createRoute(params: $p) { route { id points { id } } userErrors { field code message } } }', {
    p: {
      name: uniq('Route '),
      points: [
        { position: 1, route_type: 'LOADING' },
        { position: 2, route_type: 'INVOICE_EXCHANGE' },
        { position: 3, route_type: 'UNLOADING' },
      ],
    },
  });
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.createRoute.userErrors).toEqual([]);
  return { id: res.body.data.createRoute.route.id as number, points: res.body.data.createRoute.route.points.map((p: any) => p.id) as number[] };
}

/** A cost model with one version and two expenses (GraphQL). */
export async function costModelOf(key: string) {
  const res = await graphql(
    key,
    'mutation($p: CostModelParams!) { createCostModel(params: $p) { costModel { id versions { id version root_model_expenses { id cost_expense { slug } matching_rules { path } } } } userErrors { field code message } } }',
    {
      p: {
        name: uniq('Maritime import '),
        currency_code: 'BRL',
        has_planned_costs: true,
        versions: [
          {
            version: 1,
            root_model_expenses: [
              { cost_expense: { name: 'Ocean freight', slug: 'ocean-freight' }, precification_model: 'LOOKUP', reference: 'CONTAINERS', matching_rules: [{ path: 'loading_port_id', table_definition_field: 'origin' }] },
              { cost_expense: { name: 'Storage', slug: 'storage' }, precification_model: 'FIXED', reference: 'STORAGE_PERIOD', reference_value: '350.0000' },
            ],
          },
        ],
      },
    },
  );
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.createCostModel.userErrors).toEqual([]);
  return res.body.data.createCostModel.costModel;
}
