// What validating a shipment tree takes beyond its node declarations (graph/process/shipment/spec.ts):
// the fields that refer to rows of other areas, checked in one query per kind
// (graph/process/shipment/refs.ts), and the hooks that fill in what can be inferred and check
// what spans several nodes (docs/processes/foreign_trade_shipment.md).
import { fieldMessages } from '../../errors.ts';
import type { NodeHooks } from './engine.ts';

/** References of shipment fields to rows of other areas, by field name. */
export const refFields: Record<string, string> = {
  currency_code: 'currency',
  freight_currency_code: 'currency',
  origin_country_code: 'country',
  destination_country_code: 'country',
  route_id: 'route',
  // route_point_id: checked against the route of its transport (hook NationalRoadTransport below).
  loading_port_id: 'maritimePort',
  discharge_port_id: 'maritimePort',
  booking_loading_port_id: 'maritimePort',
  booking_discharge_port_id: 'maritimePort',
  origin_airport_id: 'airport',
  destination_airport_id: 'airport',
  loading_airport_id: 'airport',
  unloading_airport_id: 'airport',
  booking_loading_airport_id: 'airport',
  booking_discharge_airport_id: 'airport',
  airline_id: 'airline',
  sealine_id: 'sealine',
  vessel_id: 'vessel',
  national_road_carrier_id: 'actor',
  driver_id: 'driver',
  vehicle_id: 'vehicle',
  trailer_id: 'trailer',
  courier_id: 'actor',
  // purchase_order_item_id, sales_order_item_id and line_reference: checked against the orders
  // linked to the process (graph/process/shipment/order-lines.ts).
};

/** Fills in what can be inferred before validation. */
export const shipmentHooks: NodeHooks = {
  // A trip carries transportables of its own shipment: stored ones the write keeps.
  ForeignTradeShipment: (p, prefix, errors, existing) => {
    const sent = p.transportables as Record<string, unknown>[] | null | undefined;
    const stored = ((existing?.transportables as { id: number }[] | undefined) ?? []).map((t) => t.id);
    const kept = new Set(sent === undefined ? stored : (sent ?? []).map((t) => t?.id).filter((id): id is number => typeof id === 'number'));
    ((p.national_road_transports as Record<string, unknown>[] | null | undefined) ?? []).forEach((transport, i) =>
      ((transport?.trips as Record<string, unknown>[] | null | undefined) ?? []).forEach((trip, k) =>
        ((trip?.transportable_ids as unknown[] | null | undefined) ?? []).forEach((id, n) => {
          if (!kept.has(id as number)) errors.add(`${prefix}national_road_transports.${i}.trips.${k}.transportable_ids.${n}`, fieldMessages.missing);
        }),
      ),
    );
  },
  // A phase's route point must be a point of the route of its transport: the route sent, or the stored one.
  NationalRoadTransport: (p, prefix, _errors, existing, refs) => {
    const route = { id: typeof p.route_id === 'number' ? p.route_id : null, transportId: p.route_id == null && existing ? existing.id : null };
    // A new route for a stored transport: the stored phases it keeps must be on that route too.
    // Kept: every trip's phases when `trips` is left out; a trip sent by id without `phases` keeps its own.
    if (existing && typeof p.route_id === 'number') {
      const trips = p.trips as Record<string, unknown>[] | null | undefined;
      const tripIds = trips === undefined ? null : (trips ?? []).filter((t) => typeof t?.id === 'number' && t.phases === undefined).map((t) => t.id as number);
      if (tripIds === null || tripIds.length) refs.push({ kind: 'keptPhases', id: p.route_id, name: `${prefix}route_id`, keptPhases: { transportId: existing.id, tripIds } });
    }
    ((p.trips as Record<string, unknown>[] | null | undefined) ?? []).forEach((trip, i) =>
      ((trip?.phases as Record<string, unknown>[] | null | undefined) ?? []).forEach((phase, k) => {
        if (typeof phase?.route_point_id === 'number') refs.push({ kind: 'routePoint', id: phase.route_point_id, name: `${prefix}trips.${i}.phases.${k}.route_point_id`, route });
      }),
    );
  },
  Transportable: (p, prefix, errors, existing) => {
    if (p.type == null && p.container != null) p.type = 'CONTAINER';
    else if (p.type == null && p.cargo != null) p.type = 'CARGO';
    // A new container or cargo entry needs its object (and so its required fields).
    if (!existing && p.type === 'CONTAINER' && p.container == null) errors.add(`${prefix}container.code`, fieldMessages.blank);
    if (!existing && p.type === 'CARGO' && p.cargo == null) {
      errors.add(`${prefix}cargo.quantity`, fieldMessages.blank);
      errors.add(`${prefix}cargo.measurement_unit`, fieldMessages.blank);
    }
  },
};
