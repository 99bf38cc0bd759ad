import { schema } from '../../graph/schema.ts';
import { route } from '../route.ts';
import { selectAll } from '../selection.ts';

const tag = 'Reference data';

/** A list route over one global reference set. */
function referenceList(path: string, field: string, model: string, summary: string, description: string, byCountry: boolean) {
  const name = `${model}s`;
  const filters = byCountry ? ', $filters: CountryFilters' : '';
  return route({
    id: `reference.${field}`,
    method: 'GET',
    path,
    tag,
    summary,
    description: `${description} Reference data shared by every company; the answer carries \`data\`, \`total_count\` and \`next_cursor\`.`,
    status: 200,
    list: true,
    document: `query Reference${name}List($limit: Int, $offset: Int, $after: String, $order_by: [${model}OrderBy!], $search: String${filters}) {
      ${field}(limit: $limit, offset: $offset, after: $after, order_by: $order_by, search: $search${byCountry ? ', filters: $filters' : ''}) { data { ${selectAll(schema, model)} } total_count total_count_exact next_cursor }
    }`,
  });
}

/** A route reading one row of a reference set by its code (`param`, fed to root field `field`). */
function referenceLookup(path: string, id: string, field: string, param: string, model: string, summary: string, description: string, example: string) {
  return route({
    id: `reference.${id}`,
    method: 'GET',
    path,
    tag,
    summary,
    description: `${description} A code of another shape answers 400; an unknown one 404.`,
    status: 200,
    pathExamples: { [param]: example },
    document: `query Reference${model}($${param}: String!) { ${field}(${param}: $${param}) { ${selectAll(schema, model)} } }`,
  });
}

/** Ports, airports, airlines, sealines, countries and currencies: the codes every body takes in place of ids (docs/processes/foreign_trade_shipment.md). */
export const referenceRoutes = [
  referenceList('/ports', 'maritimePorts', 'MaritimePort', 'List maritime ports', 'Maritime ports (UN/LOCODE locations with a port function). `search` matches the UN/LOCODE or the name; `filters[country_code]` narrows to one country.', true),
  referenceLookup('/ports/{unlocode}', 'port', 'maritimePort', 'unlocode', 'MaritimePort', 'Get a maritime port', 'The port of this UN/LOCODE (either case).', 'BRSSZ'),
  referenceList('/airports', 'airports', 'Airport', 'List airports', 'Airports. `search` matches the IATA or ICAO code, the name or the city; `filters[country_code]` narrows to one country.', true),
  referenceLookup('/airports/{code}', 'airport', 'airport', 'code', 'Airport', 'Get an airport', 'The airport of this IATA code (3 letters) or ICAO code (4 characters).', 'GRU'),
  referenceList('/airlines', 'airlines', 'Airline', 'List airlines', 'Airlines. `search` matches the IATA or ICAO designator, the name or the callsign.', false),
  referenceList('/sealines', 'sealines', 'Sealine', 'List sealines', 'Ocean carriers. `search` matches the SCAC or the name.', false),
  referenceLookup('/sealines/{scac}', 'sealine', 'sealine', 'scac', 'Sealine', 'Get a sealine', 'The ocean carrier of this SCAC.', 'MAEU'),
  referenceList('/countries', 'countries', 'Country', 'List countries', 'ISO 3166-1 countries. `search` matches the alpha-2 or alpha-3 code or the English name.', false),
  referenceList('/currencies', 'currencies', 'Currency', 'List currencies', 'ISO 4217 currencies. `search` matches the code or the English name.', false),
];
