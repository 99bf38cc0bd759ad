// The OpenAPI document's lint, run once per distinct document (tests/openapi-document.test.ts):
// both linters over a document of a few MB take a minute on a busy machine of two cores, and
// most runs publish the document the previous run linted. The problems found are kept under
// node_modules/.cache/tradetrack-tests/, named by a hash of the document, of the lint's rules
// (openapi/lint.ts) and of the linters' versions; any change to one of them lints again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lintOpenApi } from '../../openapi/lint.ts';
import { packageVersion, testCache } from './database-template.ts';

const LINTERS = ['@redocly/openapi-core', '@stoplight/spectral-core', '@stoplight/spectral-parsers', '@stoplight/spectral-rulesets', '@stoplight/spectral-functions'];

/** Every problem both linters report for `document` (JSON text): `lintOpenApi`'s answer, from the cache when this document was linted before. */
export async function lintOpenApiOnce(document: string): Promise<string[]> {
  const hash = createHash('sha256').update(document).update('\0').update(readFileSync(path.resolve('openapi/lint.ts')));
  for (const name of LINTERS) hash.update(`\0${name}@${packageVersion(name)}`);
  const file = path.join(testCache, `openapi-lint-${hash.digest('hex')}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as string[];
  const problems = await lintOpenApi(document);
  mkdirSync(testCache, { recursive: true });
  // Written whole, then moved into place: a run reading it meanwhile never sees half of it.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(problems));
  renameSync(partial, file);
  return problems;
}
