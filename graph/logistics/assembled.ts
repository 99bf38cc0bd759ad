// Vessels as assembled pages write them (docs/decisions/019-assembled-pages.md): the resolvers
// they stand for are in vessel-types.ts, the ship type codes in ship-types.ts.
import { assembled, column, columns, datetime, isoText, type SqlField } from '../assembled/shapes.ts';
import { countryField } from '../reference/assembled.ts';
import { shipSubTypeOf, shipTypeOf } from './ship-types.ts';

/** A CASE over the AIS ship type codes 0-99 (and null beyond), from the function the resolvers use. */
function byCode(of: (code: number) => string | null): SqlField {
  const whens: string[] = [];
  for (let code = 0; code <= 99; code++) {
    const value = of(code);
    if (value !== null) whens.push(`WHEN ${code} THEN '${value}'`);
  }
  // Beyond 0-99 the functions answer a constant each (RESERVED, or null).
  const beyond = of(100);
  return { value: (row) => `CASE WHEN ${row}.ship_type_code < 0 OR ${row}.ship_type_code > 99 THEN ${beyond === null ? 'NULL' : `'${beyond}'`} ELSE CASE ${row}.ship_type_code ${whens.join(' ')} END END` };
}

assembled('VesselDimensions', {
  table: 'vessels',
  fields: {
    a: column('dimension_a'),
    b: column('dimension_b'),
    c: column('dimension_c'),
    d: column('dimension_d'),
    length: { value: (v) => `${v}.dimension_a + ${v}.dimension_b` },
    width: { value: (v) => `${v}.dimension_c + ${v}.dimension_d` },
  },
});

/** A column of the vessel's current voyage (vessel-types.ts, `currentVoyage`: the latest started). */
const voyage = (expression: (voyage: string) => string): SqlField => ({
  value: (v) => `(SELECT ${expression('vv')} FROM vessel_voyages vv WHERE vv.vessel_id = ${v}.id ORDER BY vv.started_at DESC, vv.id DESC LIMIT 1)`,
});

assembled('VesselLastPositionUpdate', {
  table: 'vessels',
  fields: {
    ...columns('course', 'heading', 'latitude', 'longitude', 'speed'),
    ais_updated_at: datetime('ais_updated_at'),
    voyage_destination: voyage((vv) => `${vv}.destination`),
    voyage_destination_port_unlocode: voyage((vv) => `${vv}.destination_port_unlocode`),
    voyage_destination_port_name: voyage((vv) => `(SELECT p.name FROM maritime_ports p WHERE p.unlocode = ${vv}.destination_port_unlocode)`),
    voyage_eta: voyage((vv) => isoText(`${vv}.eta`)),
    voyage_updated_at: voyage((vv) => isoText(`${vv}.updated_at`)),
  },
});

assembled('Vessel', {
  table: 'vessels',
  fields: {
    ...columns('id', 'name', 'imo_number', 'mmsi_number', 'callsign', 'ais_class', 'deadweight', 'gross_tonnage', 'ship_type_code'),
    country: countryField,
    dimensions: { same: 'VesselDimensions' },
    ship_type: byCode(shipTypeOf),
    ship_sub_type: byCode(shipSubTypeOf),
    // Null until the vessel has reported a position or a voyage.
    last_position_update: { same: 'VesselLastPositionUpdate', when: (v) => `${v}.ais_updated_at IS NOT NULL OR EXISTS (SELECT 1 FROM vessel_voyages vv WHERE vv.vessel_id = ${v}.id)` },
  },
});
