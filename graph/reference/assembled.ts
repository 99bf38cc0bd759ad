// Reference data as assembled pages write it (docs/decisions/019-assembled-pages.md): countries
// and currencies (read once per statement into a map by code), and the ports, airports, airlines
// and sealines a shipment names by id; the resolvers they stand for are in
// country-currency-types.ts and place-types.ts.
import { assembled, columns, type SqlField } from '../assembled/shapes.ts';
import { readPortAliases } from './port-aliases.ts';

assembled('Country', { table: 'countries', key: 'code', fields: columns('code', 'iso3', 'name') });
assembled('Currency', { table: 'currencies', key: 'code', fields: columns('code', 'name', 'symbol') });

/** The Country of a row's `country_code` column. */
export const countryField: SqlField = { lookup: 'Country', key: (row) => `${row}.country_code` };

let aliasMap: string | undefined;

/**
 * A port's aliases (port-aliases.ts, `aliasesOf`): the alias table, read once per process, as a
 * JSON literal of the aliases of each UN/LOCODE in the table's order.
 */
function aliasesSql(row: string): string {
  if (aliasMap === undefined) {
    const byPort: Record<string, string[]> = {};
    for (const a of readPortAliases()) (byPort[a.unlocode] ??= []).push(a.alias);
    aliasMap = JSON.stringify(byPort).replace(/'/g, "''");
  }
  return `coalesce('${aliasMap}'::jsonb -> ${row}.unlocode::text, '[]'::jsonb)`;
}

assembled('MaritimePort', {
  table: 'maritime_ports',
  fields: { ...columns('id', 'name', 'unlocode', 'latitude', 'longitude', 'subdivision'), aliases: { value: aliasesSql }, country: countryField },
});

assembled('Airport', {
  table: 'airports',
  fields: { ...columns('id', 'name', 'iata_code', 'icao_code', 'city_iata_code', 'city', 'latitude', 'longitude', 'timezone'), country: countryField },
});

assembled('Airline', { table: 'airlines', fields: columns('id', 'name', 'iata_code', 'icao_code', 'callsign', 'hub_code', 'active') });

assembled('Sealine', { table: 'sealines', fields: columns('id', 'name', 'scac') });
