import { createRequire } from 'node:module';
import { prisma } from '../db.ts';

const require = createRequire(import.meta.url);

/** ISO 3166-1 countries from the i18n-iso-countries package (English names). */
function isoCountries(): { code: string; iso3: string; name: string }[] {
  const countries = require('i18n-iso-countries') as {
    getNames(lang: string, o?: object): Record<string, string>;
    alpha2ToAlpha3(code: string): string | undefined;
  };
  return Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([code, name]) => ({ code, iso3: countries.alpha2ToAlpha3(code) ?? '', name }))
    .filter((c) => c.iso3);
}

/** ISO 4217 currencies from currency-codes, with symbols from currency-symbol-map. */
function isoCurrencies(): { code: string; name: string; symbol: string | null }[] {
  const codes = require('currency-codes') as { data: { code: string; currency: string }[] };
  const symbol = require('currency-symbol-map') as (code: string) => string | undefined;
  return codes.data.map((c) => ({ code: c.code, name: c.currency, symbol: symbol(c.code) ?? null }));
}

/** Inserts the countries and currencies that are missing; safe to run at every start. */
export async function seedCountriesAndCurrencies(): Promise<void> {
  const db = prisma();
  const countries = isoCountries();
  const currencies = isoCurrencies();
  if ((await db.country.count()) < countries.length) await db.country.createMany({ data: countries, skipDuplicates: true });
  if ((await db.currency.count()) < currencies.length) await db.currency.createMany({ data: currencies, skipDuplicates: true });
}

type Country = { code: string; iso3: string; name: string };
type Currency = { code: string; name: string; symbol: string | null };
let cache: Promise<{ countries: Map<string, Country>; currencies: Map<string, Currency> }> | undefined;

/** The countries and currencies by code, read once per process (reference data does not change while serving). */
export function referenceCodes() {
  cache ??= (async () => {
    const [countries, currencies] = await Promise.all([prisma().country.findMany(), prisma().currency.findMany()]);
    return {
      countries: new Map(countries.map((c) => [c.code, c])),
      currencies: new Map(currencies.map((c) => [c.code, c])),
    };
  })();
  return cache;
}
