import { buildOpenApi } from '../../openapi/builder';

let cached: string | undefined;

/** The OpenAPI description as JSON text, built once from the route table and the schema. */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApi());
  return cached;
}
