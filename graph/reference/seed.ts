import { seedCountriesAndCurrencies } from './countries-currencies.ts';
import { seedPlaces } from './places.ts';

/** Loads the global reference data that is missing; idempotent, run at every start. */
export async function seedReferenceData(): Promise<void> {
  await seedCountriesAndCurrencies();
  await seedPlaces();
}
