// The OpenAPI 3.1 description of the REST API (served as /openapi.json and rendered by the API
// reference): built from the route table (rest/routes/) and the GraphQL types it maps onto.
import { OpenApiBuilder, type OperationObject, type SchemaObject } from 'openapi3-ts/oas31';
import { env } from '../graph/env.ts';
import { locales, defaultLocale } from '../graph/context.ts';
import { PAGE } from '../graph/schema-helpers/pagination/bounds.ts';
import { compiledRoutes } from '../rest/match.ts';
import { tagGroups, tags as tagDescriptions } from '../rest/routes/index.ts';
import { addErrorComponents } from './errors.ts';
import { exampleOf } from './examples.ts';
import { operationOf } from './operation.ts';
import { SchemaRegistry } from './schemas.ts';

const intro = `The HTTP API of the trade tracking platform: operations, purchase and sales orders, import and export processes with their foreign trade shipment, products, partners and costs.

* **Authentication**: send your API key in the \`api-key\` header on every call.
* **Envelopes**: request bodies are wrapped in \`params\` (an object, or an array for batch upserts); answers wrap the result in \`data\`.
* **Locale**: \`locale\` query parameter or header (\`pt-BR\` default, \`en-US\`, \`es-ES\`) translates error messages; codes never change.
* **Pagination**: \`limit\` (1 to ${PAGE.maxLimit}, default ${PAGE.defaultLimit}), \`offset\` (default 0) or \`after\` (the \`next_cursor\` of the previous page, null on the last), \`order_by=-inserted_at,id\` (or \`order_by[0][field]=inserted_at&order_by[0][order]=DESC\`).
* **Values**: amounts, weights and quantities are decimal strings (\`"1234.5600"\`, the scale you send is kept); dates are ISO 8601 date-times in UTC.
* **Errors**: \`{ "code", "message", "fields": [{ "name", "message" }] }\` with dotted field names such as \`internal_codes.0.code\`.
* **Concurrency**: writes to one record apply one after the other; \`PUT\` and \`DELETE\` of a record honour \`If-Match\` with the \`ETag\` of a \`GET\` (412 when it changed since); a write that keeps colliding with others answers 409 with \`Retry-After\`.
* **Fair share**: a company's requests beyond five at work at once wait their turn; beyond a hundred waiting, 429 with \`Retry-After\`.
* **Idempotency**: send \`Idempotency-Key\` on a \`POST\` or \`PUT\` to make its retries safe: the first answer is replayed for 24 hours.
* **Rate limits**: 100 points a second per API key, a request costing one and a REST write four; every answer carries \`RateLimit-Policy\` and \`RateLimit\`, and a request beyond the limit gets 429 with \`Retry-After\`.`;

/** The description's frame: info, server, security scheme, the locale parameter, the errors. */
function frame(): OpenApiBuilder {
  const builder = OpenApiBuilder.create()
    .addOpenApiVersion('3.1.0')
    .addInfo({
      title: 'Trade tracking platform API',
      version: '1.0',
      description: intro,
      contact: { name: 'TradeTrack integration support', url: `${env().websiteUrl}/support`, email: 'support@tradetrack.example' },
      license: { name: 'Proprietary', url: `${env().websiteUrl}/terms` },
    })
    .addServer({ url: '/api', description: 'This server' })
    .addSecurityScheme('api-key', { type: 'apiKey', in: 'header', name: 'api-key', description: 'Your company API key.' })
    .addParameter('locale', {
      name: 'locale',
      in: 'query',
      required: false,
      description: 'Language of error messages (the `locale` header works too).',
      schema: { type: 'string', enum: [...locales], default: defaultLocale },
    });
  addErrorComponents(builder);
  return builder;
}

/** Gives each JSON answer without an example one made from its schema. */
function fillExamples(paths: Record<string, Record<string, OperationObject>>, components: Record<string, SchemaObject>): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const content = operation.responses as Record<string, { content?: Record<string, { schema: SchemaObject; example?: unknown }> }>;
      for (const res of Object.values(content)) {
        const media = res.content?.['application/json'];
        if (media && media.example === undefined) media.example = exampleOf(media.schema, components);
      }
    }
  }
}

/** Builds the OpenAPI 3.1 description from the route table and the GraphQL types. */
export function buildOpenApi() {
  const registry = new SchemaRegistry();
  const builder = frame();
  const tags = new Set<string>();
  const paths: Record<string, Record<string, OperationObject>> = {};
  for (const route of compiledRoutes) {
    tags.add(route.def.tag);
    paths[route.def.path] ??= {};
    paths[route.def.path][route.def.method.toLowerCase()] = operationOf(route, registry);
  }
  for (const [name, s] of Object.entries(registry.components)) builder.addSchema(name, s);
  fillExamples(paths, builder.getSpec().components!.schemas as Record<string, SchemaObject>);
  for (const [path, item] of Object.entries(paths)) builder.addPath(path, item);
  for (const tag of tags) builder.addTag({ name: tag, description: tagDescriptions[tag] });
  const ungrouped = [...tags].filter((t) => !tagGroups.some((g) => g.tags.includes(t)));
  if (ungrouped.length) throw new Error(`tags in no group of rest/routes/index.ts: ${ungrouped.join(', ')}`);
  return { ...builder.getSpec(), 'x-tagGroups': tagGroups };
}
