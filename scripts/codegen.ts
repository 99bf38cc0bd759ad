// `npm run codegen`: writes the generated artifacts that are committed and checked fresh by
// tests/schema.test.ts: graph/schema.graphql (printed SDL), rest/operations.graphql (every
// route's document) and rest/generated/operations.ts (their TypeScript types).
import { writeFileSync, mkdirSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { artifacts } from './codegen-artifacts.ts';
import config from './codegen-config.ts';

const { sdl, operations } = await artifacts();
writeFileSync('graph/schema.graphql', sdl);
writeFileSync('rest/operations.graphql', operations);
mkdirSync('rest/generated', { recursive: true });
await generate(config, true);
console.log('wrote graph/schema.graphql, rest/operations.graphql, rest/generated/operations.ts');
