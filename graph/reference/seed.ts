// The global reference data (countries, currencies, ports, airports, airlines, sealines,
// docs/decisions/007-reference-datasets.md), loaded at every start: a start whose sources are
// those of the last load skips it with one query, without reading or parsing them
// (docs/getting-started.md, "Starting").
import { sql } from '../db.ts';
import { seedCountriesAndCurrencies } from './countries-currencies.ts';
import { seedPlaces } from './places.ts';
import { referenceSourcesVersion } from './sources.ts';

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
