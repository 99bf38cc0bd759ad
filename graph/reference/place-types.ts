// Ports, airports, airlines and sealines (docs/decisions/007-reference-datasets.md): global reference data, read-only.
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { listField, searchColumns } from '../schema-helpers/list.ts';
import { found } from '../schema-helpers/locate.ts';
import { referenceCodes } from './countries-currencies.ts';
import { CountryRef } from './country-currency-types.ts';
import { aliasesOf, currentUnlocode } from './port-aliases.ts';

/** The Country of an ISO code column, resolved from memory (no join). */
export async function countryOf(code: string | null | undefined) {
  if (!code) return null;
  return (await referenceCodes()).countries.get(code) ?? null;
}

export const MaritimePortRef = builder.prismaObject('MaritimePort', {
  description: 'A maritime (or river) port: a UN/LOCODE location with a port function.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    name: t.exposeString('name', { description: 'UN/LOCODE name, with diacritics (e.g. Paranaguá).' }),
    unlocode: t.exposeString('unlocode', { description: 'UN/LOCODE, e.g. BRSSZ.' }),
    latitude: t.exposeFloat('latitude', { nullable: true, description: 'Latitude in decimal degrees (north positive); null when UN/LOCODE gives none.' }),
    longitude: t.exposeFloat('longitude', { nullable: true, description: 'Longitude in decimal degrees (east positive).' }),
    subdivision: t.exposeString('subdivision', { nullable: true, description: 'ISO 3166-2 subdivision code without the country (e.g. SP).' }),
    aliases: t.stringList({
      description: 'Other codes in everyday use for this port that every field taking a port code accepts (CNSHA for Shanghai, CNSGH); empty for most ports.',
      select: { unlocode: true },
      resolve: (p) => aliasesOf(p.unlocode),
    }),
    country: t.field({
      type: CountryRef,
      nullable: true,
      description: 'Country of the port.',
      select: { country_code: true },
      resolve: (p) => countryOf(p.country_code),
    }),
  }),
});

export const AirportRef = builder.prismaObject('Airport', {
  description: 'An airport.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    name: t.exposeString('name', { description: 'Airport name.' }),
    iata_code: t.exposeString('iata_code', { nullable: true, description: 'IATA code, e.g. GRU.' }),
    icao_code: t.exposeString('icao_code', { description: 'ICAO code, e.g. SBGR.' }),
    city_iata_code: t.exposeString('city_iata_code', { nullable: true, description: 'IATA code of the city or metropolitan area, e.g. SAO.' }),
    city: t.exposeString('city', { nullable: true, description: 'City served.' }),
    latitude: t.exposeFloat('latitude', { description: 'Latitude in decimal degrees.' }),
    longitude: t.exposeFloat('longitude', { description: 'Longitude in decimal degrees.' }),
    timezone: t.exposeString('timezone', { nullable: true, description: 'IANA time zone, e.g. America/Sao_Paulo.' }),
    country: t.field({
      type: CountryRef,
      nullable: true,
      description: 'Country of the airport.',
      select: { country_code: true },
      resolve: (p) => countryOf(p.country_code),
    }),
  }),
});

export const AirlineRef = builder.prismaObject('Airline', {
  description: 'An airline.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    name: t.exposeString('name', { description: 'Airline name.' }),
    iata_code: t.exposeString('iata_code', { nullable: true, description: 'IATA designator, e.g. LA.' }),
    icao_code: t.exposeString('icao_code', { nullable: true, description: 'ICAO designator, e.g. LAN.' }),
    callsign: t.exposeString('callsign', { nullable: true, description: 'Radio callsign.' }),
    hub_code: t.exposeString('hub_code', { nullable: true, description: 'IATA code of the main hub airport, where known.' }),
    active: t.exposeBoolean('active', { description: 'Whether the airline is operating.' }),
  }),
});

export const SealineRef = builder.prismaObject('Sealine', {
  description: 'An ocean carrier (shipping line).',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    name: t.exposeString('name', { description: 'Carrier name.' }),
    scac: t.exposeString('scac', { description: 'Standard Carrier Alpha Code, e.g. MAEU.' }),
  }),
});

const CountryFilter = builder.inputType('CountryFilters', {
  description: 'Exact-match filters of a reference list.',
  fields: (t) => ({ country_code: t.string({ description: 'ISO 3166-1 alpha-2 country code, e.g. BR.' }) }),
});

/** Declares `<Model>List` and its query for a global reference model (with a country filter where rows have a country). */
function referenceList(model: Prisma.ModelName, field: string, searchable: readonly string[], sortable: readonly string[], description: string, byCountry = false) {
  listField<{ filters?: { country_code?: string | null } | null }>({
    model,
    field,
    what: description,
    description: `Lists ${description} (global reference data).`,
    sortable,
    search: searchColumns(searchable, `Case-insensitive substring of ${searchable.join(', ')}.`),
    ...(byCountry ? { args: (t) => ({ filters: t.arg({ type: CountryFilter, description: 'Exact-match filters.' }) }) } : {}),
    where: (args) => (args.filters?.country_code ? { country_code: args.filters.country_code.trim().toUpperCase() } : {}),
    countWhole: true,
  });
}

referenceList('MaritimePort', 'maritimePorts', ['unlocode', 'name'], ['id', 'unlocode', 'name'], 'maritime ports', true);
referenceList('Airport', 'airports', ['iata_code', 'icao_code', 'name', 'city'], ['id', 'iata_code', 'icao_code', 'name'], 'airports', true);
referenceList('Airline', 'airlines', ['iata_code', 'icao_code', 'name', 'callsign'], ['id', 'iata_code', 'icao_code', 'name'], 'airlines');
referenceList('Sealine', 'sealines', ['scac', 'name'], ['id', 'scac', 'name'], 'sealines');

builder.queryFields((t) => ({
  maritimePort: t.prismaField({
    type: 'MaritimePort',
    nullable: true,
    description: 'One maritime port by UN/LOCODE, or by a code in everyday use for it (CNSHA answers Shanghai, CNSGH); an unknown code is null with a NOT_FOUND error.',
    args: { unlocode: t.arg.string({ required: true, description: 'UN/LOCODE or alias, e.g. BRSSZ.', extensions: { format: 'unlocode' } }) },
    resolve: (query, _root, args) => found(prisma().maritimePort.findUnique({ ...query, where: { unlocode: currentUnlocode(args.unlocode) } } as Prisma.MaritimePortFindUniqueArgs)),
  }),
  airport: t.prismaField({
    type: 'Airport',
    nullable: true,
    description: 'One airport by IATA code (3 letters) or ICAO code (4 characters); an unknown code is null with a NOT_FOUND error.',
    args: { code: t.arg.string({ required: true, description: 'IATA or ICAO code, e.g. GRU or SBGR.', extensions: { format: 'airport' } }) },
    resolve: (query, _root, args) => {
      const code = args.code.trim().toUpperCase();
      return found(prisma().airport.findFirst({ ...query, where: code.length === 3 ? { iata_code: code } : { icao_code: code } } as Prisma.AirportFindFirstArgs));
    },
  }),
  sealine: t.prismaField({
    type: 'Sealine',
    nullable: true,
    description: 'One sealine by SCAC; an unknown code is null with a NOT_FOUND error.',
    args: { scac: t.arg.string({ required: true, description: 'SCAC, e.g. MAEU.', extensions: { format: 'scac' } }) },
    resolve: (query, _root, args) => found(prisma().sealine.findUnique({ ...query, where: { scac: args.scac.trim().toUpperCase() } } as Prisma.SealineFindUniqueArgs)),
  }),
}));
