import { openApiJson } from '~/server/openapi.server';

/** The OpenAPI 3 description of the REST API. */
export const loader = () =>
  new Response(openApiJson(), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
  });
