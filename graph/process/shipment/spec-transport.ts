// The transport nodes of the foreign trade shipment (docs/processes/foreign_trade_shipment.md):
// the international freight and legs, sea, air, international road and courier transport, and
// the national road transports with their trips. Declared as in spec.ts, which hangs them on
// the shipment.
import { enumField, field, requiredField } from '../../schema-helpers/fields.ts';
import { node } from './nodes.ts';
import { airline, airport, dates, dec, dt, extra, int, port, sealine, str } from './spec-columns.ts';

export const internationalFreight = node('InternationalFreight', 'international_freights', 'The international freight.', 'shipment_id', true, {
  type: enumField('FreightType', 'How the freight was contracted.'),
  freight_cost_collect: dec('Freight paid at destination, in the currency `currency_code`.'),
  freight_cost_prepaid: dec('Freight paid at origin, in the currency `currency_code`.'),
  freight_cost_road: dec('Road freight, in the currency `currency_code`.'),
  freight_cost_total: dec('Total freight, in the currency `currency_code`.'),
  currency_code: str('ISO 4217 currency code of the costs; read back as `currency`.'),
  freight_forwarder: str('Freight forwarder who quoted.'),
  quotation_number: str('Quotation number.'),
  sealine_id: sealine('Booked sealine.'),
  vessel_id: int('Booked vessel.'),
  voyage_number: str('Booked voyage.'),
  booking_loading_port_id: port('Booked loading port.'),
  booking_discharge_port_id: port('Booked discharge port.'),
  booking_loading_airport_id: airport('Booked loading airport.'),
  booking_discharge_airport_id: airport('Booked discharge airport.'),
  booking_etd: dt('Booked departure.'),
  booking_eta: dt('Booked arrival.'),
  planned_boarding_date: dt('Planned boarding date.'),
});

export const transportLeg = node('InternationalTransportLeg', 'international_transport_legs', 'A leg of the international voyage.', 'shipment_id', false, {
  modal_type: enumField('TransportModalType', 'Mode of the leg.'),
  departure_place: str('Where the leg starts.'),
  arrival_place: str('Where the leg ends.'),
  ...dates('leg'),
  vessel: str('Vessel name.'),
  voyage: str('Voyage.'),
});

export const maritime = node('MaritimeTransportShipment', 'maritime_transport_shipments', 'Sea transport data.', 'shipment_id', true, {
  type: enumField('MaritimeShipmentType', 'FCL, LCL, BREAKBULK or BULK_CARGO.'),
  bl: str('Bill of lading.'),
  hbl: str('House bill of lading.'),
  booking: str('Booking number.'),
  tracking_number: str('Carrier tracking number.'),
  loading_port_id: port('Loading port.'),
  discharge_port_id: port('Discharge port.'),
  tracking_loading_port: str('Loading port as reported by tracking.'),
  tracking_discharge_port: str('Discharge port as reported by tracking.'),
  sealine_id: sealine('Sealine.'),
  vessel_id: int('Vessel.'),
  voyage_number: str('Voyage number.'),
  tracking_key: enumField('TrackingKey', 'Which reference tracking uses.'),
  valid_keys: field({ enum: 'TrackingKey', list: true }, 'Tracking keys usable with the data sent.'),
});

export const houseAwb = node('HouseAwb', 'house_awbs', 'A house air waybill.', 'air_shipment_id', false, {
  hawb: str('House AWB number.'),
  flight: str('Flight number.'),
  airline_id: airline('Airline.'),
  loading_airport_id: airport('Loading airport.'),
  unloading_airport_id: airport('Unloading airport.'),
  ...dates('flight'),
  is_transport_type_dta: field('bool', 'Whether it continues in customs transit (DTA).'),
  dta_number: str('DTA number.'),
  di_number: str('Import declaration number.'),
  status: str('Status reported by the airline.'),
  stopovers: field('textList', 'Stopover airports (IATA codes).'),
  extra,
});

export const air = node('AirTransportShipment', 'air_transport_shipments', 'Air transport data.', 'shipment_id', true, {
  type: enumField('AirShipmentType', 'ENVIROTAINER, PALLET or LOOSE_CARGO.'),
  awb: field('text', 'Air waybill number (IATA: airline prefix and serial), e.g. 045-12345675.', { format: 'awb' }),
  hawb: str('House air waybill.'),
  airline_id: airline('Airline.'),
  origin_airport_id: airport('Origin airport.'),
  destination_airport_id: airport('Destination airport.'),
}, { house_awbs: houseAwb });

export const road = node('RoadTransportShipment', 'road_transport_shipments', 'International road transport data.', 'shipment_id', true, {
  type: enumField('RoadShipmentType', 'FCL, FTL or LTL.'),
  crt: str('International road waybill (CRT).'),
  origin: str('Origin.'),
  destination: str('Destination.'),
});

export const parcel = node('ParcelShipment', 'parcel_shipments', 'A courier shipment.', 'shipment_id', false, {
  slug: requiredField('text', 'Courier slug, e.g. dhl.'),
  tracking_number: requiredField('text', 'Courier tracking number.'),
  courier_id: int('Courier.'),
  origin_address: str('Origin address.'),
  origin_country_code: str('ISO 3166-1 alpha-2 origin country.'),
  destination_address: str('Destination address.'),
  destination_country_code: str('ISO 3166-1 alpha-2 destination country.'),
  ...dates('parcel'),
});

export const tripPhase = node('TripPhase', 'trip_phases', 'A phase of a trip: passing one point of the route.', 'trip_id', false, {
  route_point_id: requiredField('int', 'The route point.'),
  departure_at: dt('Departure from the point.'),
  estimated_realized_at: dt('When the phase is expected to be done.'),
  realized_at: dt('When the phase was done.'),
});

export const trip = node('Trip', 'trips', 'A trip of a national road transport.', 'national_road_transport_id', false, {
  position: requiredField('int', 'Order of the trip within the transport.'),
  driver_id: int('Driver.'),
  driver_name: str('Driver name.'),
  vehicle_id: int('Vehicle.'),
  vehicle_plate: str('Vehicle plate.'),
  trailer_id: int('Trailer.'),
  trailer_plate: str('Trailer plate.'),
  transportable_ids: field('intList', 'Transportables (containers, cargo) carried on the trip.'),
}, { phases: tripPhase });

export const nationalRoadTransport = node('NationalRoadTransport', 'national_road_transports', 'A road transport within the country, on one of the company routes.', 'shipment_id', false, {
  route_id: requiredField('int', 'The route.'),
  leg_slug: requiredField('text', 'The leg of the route.'),
  is_transport_type_dta: field('bool', 'Transit under customs control (DTA); default false.', { default: false }),
  load_type: enumField('LoadType', 'What is carried.'),
  road_transport_type: enumField('RoadTransportType', 'LTL, FTL, FCL or BULK_CARGO.'),
  transport_features: field({ enum: 'TransportFeature', list: true }, 'REFRIGERATED, HAZARDOUS_PRODUCTS.'),
  quantity_pallets: int('Number of pallets.'),
  national_road_carrier_id: int('Actor id of the road carrier.'),
  collection_scheduled_at: dt('Scheduled collection.'),
  delivery_planned_at: dt('Planned delivery.'),
  released_for_transport_at: dt('Released for transport.'),
  transport_completed_at: dt('Transport completed.'),
}, { trips: trip });
