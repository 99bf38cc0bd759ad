// Vessels with their current voyage, and port schedules (docs/decisions/007-reference-datasets.md): global
// reference data fed by the importers (graph/logistics/*), read-only over the API.
import { AisClass } from '../../prisma/generated/client/enums.ts';
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { found } from '../schema-helpers/locate.ts';
import { builder } from '../builder.ts';
import { firstDescription, pageSize } from '../schema-helpers/pagination/bounds.ts';
import { linkArgs, relationLink } from '../schema-helpers/link-connection.ts';
import { graphqlOnly } from '../schema-helpers/selection.ts';
import { prisma } from '../db.ts';
import { BadInputError, FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { shipSubTypeOf, shipSubTypes, shipTypeOf, shipTypes } from './ship-types.ts';
import { containsText, listField, searchWhere } from '../schema-helpers/list.ts';
import { portByCode, portsByUnlocode } from '../reference/places.ts';
import { countryOf } from '../reference/place-types.ts';
import { CountryRef } from '../reference/country-currency-types.ts';
import { node } from '../schema-helpers/node.ts';
import { shared } from '../database/records.ts';

export const AisClassEnum = builder.enumType(AisClass, { name: 'AisClass', description: 'AIS transponder class: A (SOLAS ships) or B.' });
export const ShipTypeEnum = builder.enumType('ShipType', {
  description: 'Kind of ship: the first digit of the AIS "type of ship and cargo" code (ITU-R M.1371), or the special craft of codes 30-59.',
  values: shipTypes,
});
export const ShipSubTypeEnum = builder.enumType('ShipSubType', {
  description: 'Hazard category of the cargo: the second digit of the AIS ship type code, for codes 20-29 and 40-99.',
  values: shipSubTypes,
});

type Dim = { a: number | null; b: number | null; c: number | null; d: number | null };
const VesselDimensions = builder.objectRef<Dim>('VesselDimensions').implement({
  description: 'Dimensions in meters from the AIS reference point: a to the bow, b to the stern, c to port, d to starboard.',
  fields: (t) => ({
    a: t.exposeInt('a', { nullable: true, description: 'Reference point to bow (m).' }),
    b: t.exposeInt('b', { nullable: true, description: 'Reference point to stern (m).' }),
    c: t.exposeInt('c', { nullable: true, description: 'Reference point to port side (m).' }),
    d: t.exposeInt('d', { nullable: true, description: 'Reference point to starboard side (m).' }),
    length: t.int({ nullable: true, description: 'Length overall, a + b (m).', resolve: (p) => (p.a != null && p.b != null ? p.a + p.b : null) }),
    width: t.int({ nullable: true, description: 'Beam, c + d (m).', resolve: (p) => (p.c != null && p.d != null ? p.c + p.d : null) }),
  }),
});

interface LastPosition {
  ais_updated_at: Date | null;
  course: number | null;
  heading: number | null;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  voyage_destination: string | null;
  voyage_destination_port_unlocode: string | null;
  voyage_eta: Date | null;
  voyage_updated_at: Date | null;
}
const LastPositionUpdate = builder.objectRef<LastPosition>('VesselLastPositionUpdate').implement({
  description: 'The last position the vessel reported over AIS and its current voyage.',
  fields: (t) => ({
    ais_updated_at: t.expose('ais_updated_at', { type: 'DateTime', nullable: true, description: 'When the position was reported.' }),
    course: t.exposeFloat('course', { nullable: true, description: 'Course over ground in degrees.' }),
    heading: t.exposeInt('heading', { nullable: true, description: 'True heading in degrees.' }),
    latitude: t.exposeFloat('latitude', { nullable: true, description: 'Latitude in decimal degrees.' }),
    longitude: t.exposeFloat('longitude', { nullable: true, description: 'Longitude in decimal degrees.' }),
    speed: t.exposeFloat('speed', { nullable: true, description: 'Speed over ground in knots.' }),
    voyage_destination: t.exposeString('voyage_destination', { nullable: true, description: 'Destination as the crew typed it.' }),
    voyage_destination_port_name: t.string({
      nullable: true,
      description: 'Name of the destination port, when the destination is a known port.',
      resolve: async (p) => (p.voyage_destination_port_unlocode ? (await portsByUnlocode()).get(p.voyage_destination_port_unlocode)?.name ?? null : null),
    }),
    voyage_destination_port_unlocode: t.exposeString('voyage_destination_port_unlocode', { nullable: true, description: 'UN/LOCODE of the destination port.' }),
    voyage_eta: t.expose('voyage_eta', { type: 'DateTime', nullable: true, description: 'Estimated time of arrival the vessel reports.' }),
    voyage_updated_at: t.expose('voyage_updated_at', { type: 'DateTime', nullable: true, description: 'When the voyage data was last reported.' }),
  }),
});

/** The select of a vessel's current voyage: the latest started. */
export const currentVoyage = { orderBy: [{ started_at: 'desc' }, { id: 'desc' }], take: 1 } as const;

export const VesselRef = builder.prismaObject('Vessel', {
  ...node('Vessel', shared),
  description: 'A ship, identified by its MMSI, with the data it broadcasts over AIS.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    name: t.exposeString('name', { nullable: true, description: 'Ship name.' }),
    imo_number: t.exposeString('imo_number', { nullable: true, description: 'IMO number (7 digits).' }),
    mmsi_number: t.exposeString('mmsi_number', { description: 'MMSI (9 digits).' }),
    callsign: t.exposeString('callsign', { nullable: true, description: 'Radio callsign.' }),
    ais_class: t.expose('ais_class', { type: AisClassEnum, nullable: true, description: 'AIS transponder class.' }),
    country: t.field({
      type: CountryRef,
      nullable: true,
      description: 'Flag state.',
      select: { country_code: true },
      resolve: (v) => countryOf(v.country_code),
    }),
    deadweight: t.exposeInt('deadweight', { nullable: true, description: 'Deadweight tonnage (t).' }),
    gross_tonnage: t.exposeInt('gross_tonnage', { nullable: true, description: 'Gross tonnage.' }),
    dimensions: t.field({
      type: VesselDimensions,
      description: 'Dimensions in meters.',
      select: { dimension_a: true, dimension_b: true, dimension_c: true, dimension_d: true },
      resolve: (v) => ({ a: v.dimension_a, b: v.dimension_b, c: v.dimension_c, d: v.dimension_d }),
    }),
    ship_type_code: t.exposeInt('ship_type_code', { nullable: true, description: 'AIS type of ship and cargo code (0-99).' }),
    ship_type: t.field({
      type: ShipTypeEnum,
      nullable: true,
      description: 'Kind of ship, from the AIS ship type code.',
      select: { ship_type_code: true },
      resolve: (v) => shipTypeOf(v.ship_type_code),
    }),
    ship_sub_type: t.field({
      type: ShipSubTypeEnum,
      nullable: true,
      description: 'Hazard category of the cargo, from the AIS ship type code.',
      select: { ship_type_code: true },
      resolve: (v) => shipSubTypeOf(v.ship_type_code),
    }),
    followed_shipments: t.relation('maritime_vessels', {
      ...graphqlOnly,
      description: "Your company's sea transports of live processes on this vessel, each with its shipment and process (GraphQL only; never another company's).",
      args: { first: t.arg.int({ description: firstDescription }) },
      query: (args, ctx) => ({
        where: { company_id: ctx.company.id, parent: { parent: { deleted_at: null } } },
        take: pageSize('first', args.first),
        orderBy: { id: 'asc' },
      }),
    }),
    followed_shipmentsConnection: t.field({
      ...graphqlOnly,
      description: "Your company's sea transports of live processes on this vessel, by cursor (GraphQL only; never another company's; docs/graphql.md, \"Links\").",
      args: linkArgs(t),
      ...relationLink({ link: 'Vessel.followed_shipments', relation: 'maritime_vessels', model: 'MaritimeTransportShipment', where: (ctx) => ({ company_id: ctx.company.id, parent: { parent: { deleted_at: null } } }) }),
    }),
    last_position_update: t.field({
      type: LastPositionUpdate,
      nullable: true,
      description: 'Last reported position and current voyage; null until the vessel has reported either.',
      select: {
        ais_updated_at: true, course: true, heading: true, latitude: true, longitude: true, speed: true,
        voyages: { ...currentVoyage, select: { destination: true, destination_port_unlocode: true, eta: true, updated_at: true } },
      },
      resolve: (v) => {
        const voyage = v.voyages[0];
        if (!v.ais_updated_at && !voyage) return null;
        return {
          ais_updated_at: v.ais_updated_at, course: v.course, heading: v.heading, latitude: v.latitude, longitude: v.longitude, speed: v.speed,
          voyage_destination: voyage?.destination ?? null,
          voyage_destination_port_unlocode: voyage?.destination_port_unlocode ?? null,
          voyage_eta: voyage?.eta ?? null,
          voyage_updated_at: voyage?.updated_at ?? null,
        };
      },
    }),
  }),
});

/** Search over name, IMO, MMSI and callsign: digits match the numbers by prefix, text the name and callsign. */
function vesselSearch(search: string | null | undefined): Prisma.VesselWhereInput {
  const text = search?.trim();
  if (!text) return {};
  if (/^\d+$/.test(text)) return { OR: [{ mmsi_number: { startsWith: text } }, { imo_number: { startsWith: text } }, { name: containsText(text) }] };
  return searchWhere(text, ['name', 'callsign', 'imo_number']) as Prisma.VesselWhereInput;
}

listField({
  model: 'Vessel',
  field: 'vessels',
  what: 'vessels',
  description: 'Lists vessels (global reference data).',
  sortable: ['id', 'name', 'imo_number', 'mmsi_number', 'callsign', 'ais_updated_at'],
  nullable: new Set(['name', 'imo_number', 'callsign', 'ais_updated_at']),
  search: { description: 'Name or callsign (case-insensitive substring), or the start of an MMSI or IMO number.', where: vesselSearch },
  where: () => ({}),
});

builder.queryFields((t) => ({
  vesselCurrentVoyage: t.prismaField({
    type: 'Vessel',
    nullable: true,
    description: 'One vessel by MMSI, with its last position and current voyage.',
    args: { mmsi: t.arg.string({ required: true, description: 'MMSI: a 9-digit string.', extensions: { format: 'mmsi' } }) },
    resolve: async (query, _root, args) => {
      return found(prisma().vessel.findUnique({ ...query, where: { mmsi_number: args.mmsi } } as Prisma.VesselFindUniqueArgs));
    },
  }),
}));

// ---------------------------------------------------------------------------------------
// Port schedules

type Carrier = { code: string | null; name: string | null; country_code: string | null; voyage: string | null };
const PortScheduleCarrier = builder.objectRef<Carrier>('PortScheduleCarrier').implement({
  description: 'The carrier (shipping line) operating the call.',
  fields: (t) => ({
    code: t.exposeString('code', { nullable: true, description: 'Carrier code (SCAC where known).' }),
    name: t.exposeString('name', { nullable: true, description: 'Carrier name.' }),
    country: t.field({ type: CountryRef, nullable: true, description: 'Carrier country.', resolve: (c) => countryOf(c.country_code) }),
    voyage: t.exposeString('voyage', { nullable: true, description: "Carrier's voyage number." }),
  }),
});
const LastPort = builder.objectRef<{ port_unlocode: string; atu: string | null }>('PortScheduleLastPort').implement({
  description: 'A port the vessel called at before this one.',
  fields: (t) => ({
    port_unlocode: t.exposeString('port_unlocode', { description: 'UN/LOCODE of the port.' }),
    atu: t.expose('atu', { type: 'DateTime', nullable: true, description: 'Actual time of unberthing there.' }),
  }),
});
const NextPort = builder.objectRef<{ port_unlocode: string; etb: string | null }>('PortScheduleNextPort').implement({
  description: 'A port the vessel calls at after this one.',
  fields: (t) => ({
    port_unlocode: t.exposeString('port_unlocode', { description: 'UN/LOCODE of the port.' }),
    etb: t.expose('etb', { type: 'DateTime', nullable: true, description: 'Estimated time of berthing there.' }),
  }),
});

export const PortScheduleRef = builder.prismaObject('PortSchedule', {
  description: "A vessel's berth call at a port, from the port's line-up.",
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    schedule_number: t.exposeString('schedule_number', { description: "The port's number for the call." }),
    port: t.relation('port', { description: 'The port of the call.' }),
    etb: t.expose('etb', { type: 'DateTime', description: 'Estimated time of berthing.' }),
    atb: t.expose('atb', { type: 'DateTime', nullable: true, description: 'Actual time of berthing.' }),
    etu: t.expose('etu', { type: 'DateTime', nullable: true, description: 'Estimated time of unberthing.' }),
    atu: t.expose('atu', { type: 'DateTime', nullable: true, description: 'Actual time of unberthing.' }),
    carrier: t.field({
      type: PortScheduleCarrier,
      description: 'The carrier operating the call.',
      select: { carrier_code: true, carrier_name: true, carrier_country_code: true, carrier_voyage: true },
      resolve: (s) => ({ code: s.carrier_code, name: s.carrier_name, country_code: s.carrier_country_code, voyage: s.carrier_voyage }),
    }),
    operation_type: t.exposeString('operation_type', { nullable: true, description: 'Operation at the berth, e.g. LOADING, UNLOADING, LOADING_AND_UNLOADING.' }),
    shipping_agency_cnpj: t.exposeString('shipping_agency_cnpj', { nullable: true, description: 'CNPJ of the shipping agency.' }),
    shipping_agency_name: t.exposeString('shipping_agency_name', { nullable: true, description: 'Name of the shipping agency.' }),
    vessel_responsible: t.exposeString('vessel_responsible', { nullable: true, description: 'Who answers for the vessel at the port.' }),
    last_ports: t.field({
      type: [LastPort],
      description: 'Previous ports of call.',
      select: { last_ports: true },
      resolve: (s) => (s.last_ports as { port_unlocode: string; atu: string | null }[] | null) ?? [],
    }),
    next_ports: t.field({
      type: [NextPort],
      description: 'Next ports of call.',
      select: { next_ports: true },
      resolve: (s) => (s.next_ports as { port_unlocode: string; etb: string | null }[] | null) ?? [],
    }),
    vessel: t.relation('vessel', { nullable: true, description: 'The vessel, with its dimensions.' }),
  }),
});

listField<{ port_unlocode: string; start_date_etb: Date; end_date_etb: Date }>({
  model: 'PortSchedule',
  field: 'portSchedules',
  what: 'port calls',
  description: 'The berth calls at a port whose ETB falls in a window (default order: etb ascending).',
  sortable: ['etb', 'atb', 'etu', 'atu', 'schedule_number', 'id'],
  nullable: new Set(['atb', 'etu', 'atu']),
  defaultOrder: [{ field: 'etb', order: 'ASC' }],
  args: (t) => ({
    port_unlocode: t.arg.string({ required: true, description: 'UN/LOCODE of the port, e.g. BRSSZ.', extensions: { format: 'unlocode' } }),
    start_date_etb: t.arg({ type: 'DateTime', required: true, description: 'Start of the ETB window (inclusive), ISO 8601.' }),
    end_date_etb: t.arg({ type: 'DateTime', required: true, description: 'End of the ETB window (inclusive), ISO 8601.' }),
  }),
  where: async (args) => {
    const errors = new FieldErrors();
    // Its shape was checked before the query ran (extensions.format, graph/schema-helpers/text-formats.ts).
    if (args.end_date_etb < args.start_date_etb) errors.add('end_date_etb', fieldMessages.invalid);
    errors.throwIfAny(BadInputError);
    const port = await portByCode(args.port_unlocode);
    if (!port) throw new NotFoundError();
    return { port_id: port.id, etb: { gte: args.start_date_etb, lte: args.end_date_etb } };
  },
});
