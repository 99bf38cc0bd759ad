// `npm run codegen` (after scripts/shipment-objects.ts, which writes graph/process/shipment/objects.ts
// that the schema is built from): writes the generated artifacts that are committed and checked fresh by
// tests/schema.test.ts: graph/schema.graphql (printed SDL), rest/operations.graphql (every
// route's document), rest/generated/operations.ts (their TypeScript types) and the REST client
// types generated from the OpenAPI description (scripts/client-types.ts).
import { writeFileSync, mkdirSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { artifacts } from './codegen-artifacts.ts';
import config from './codegen-config.ts';
import { buildOpenApi } from '../openapi/builder.ts';
import { clientTypes, clientTypesFile } from './client-types.ts';

const { sdl, operations } = await artifacts();
writeFileSync('graph/schema.graphql', sdl);
writeFileSync('rest/operations.graphql', operations);
mkdirSync('rest/generated', { recursive: true });
await generate(config, true);
writeFileSync(clientTypesFile, await clientTypes(buildOpenApi()));
console.log(`wrote graph/schema.graphql, rest/operations.graphql, rest/generated/operations.ts, ${clientTypesFile}`);
