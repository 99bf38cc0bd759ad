// Looking a shipment up with its carrier (docs/tracking.md, Lookups): the tracking key names
// the reference asked for (BILL_OF_LADING and HOUSE_BL: transportDocumentReference, BOOKING:
// carrierBookingReference, CONTAINER_CODE: equipmentReference of each container), the
// sealine's SCAC names the company's connection. A timeout or a 5xx changes nothing but the
// shipment's error and its next attempt; a 4xx refusing the reference is INVALID.
import type { CarrierConnection } from '../../prisma/generated/client/client.ts';
import { sharedClient } from '../db.ts';
import { env } from '../env.ts';
import { applyOutcomes, recordFailure, type LookupOutcome, type ShipmentOutcome, type TrackedShipment } from './apply.ts';
import { callCarrier, carrierUrl, type CarrierTarget } from './carrier-http.ts';
import { decryptSecret } from './secrets.ts';

const KEY_VALUE = /^[A-Za-z0-9][A-Za-z0-9/-]{3,34}$/;
/** Answers that say our credentials or our pace are wrong, not the reference: a failure, not INVALID. */
const OUR_FAULT = new Set([401, 403, 407, 408, 429]);

/** The query parameters of each lookup a shipment's tracking key makes, or null when the key has no usable value. */
export function lookupQueries(key: string | null, m: { bl: string | null; hbl: string | null; booking: string | null }, containers: string[]): Record<string, string>[] | null {
  const one = (name: string, value: string | null) => (value && KEY_VALUE.test(value) ? [{ [name]: value }] : null);
  switch (key) {
    case 'BILL_OF_LADING':
      return one('transportDocumentReference', m.bl);
    case 'HOUSE_BL':
      return one('transportDocumentReference', m.hbl);
    case 'BOOKING':
      return one('carrierBookingReference', m.booking);
    case 'CONTAINER_CODE': {
      const codes = containers.filter((c) => /^[A-Z]{4}\d{7}$/.test(c));
      return codes.length ? codes.map((c) => ({ equipmentReference: c })) : null;
    }
    default:
      return null;
  }
}

/** Asks the carrier for every query, events pooled; the first failure or refusal decides. */
async function ask(target: CarrierTarget, queries: Record<string, string>[]): Promise<LookupOutcome> {
  const events: unknown[] = [];
  for (const query of queries) {
    const answer = await callCarrier(target, 'GET', carrierUrl(target.baseUrl, '/v2/events', { ...query, limit: '1000' }));
    if (answer.status !== null && answer.status >= 400 && answer.status < 500 && !OUR_FAULT.has(answer.status)) {
      return { kind: 'invalid', reason: `the carrier refused ${Object.values(query)[0]} (${answer.status})` };
    }
    if (answer.error) return { kind: 'failed', error: answer.error };
    if (!Array.isArray(answer.body)) return { kind: 'failed', error: 'answered something other than an event list' };
    events.push(...answer.body);
  }
  return { kind: 'events', events };
}

/** How a shipment is looked up: its connection and queries (null queries: the key has no usable value). */
export interface LookupPlan {
  shipment: TrackedShipment;
  connection: CarrierConnection;
  queries: Record<string, string>[] | null;
}

/** The plans of shipments (keys `{ company_id, id }`), read in two statements; a shipment not tracked by a carrier has none. */
export async function planLookups(keys: { company_id: number; id: number }[]): Promise<LookupPlan[]> {
  if (!keys.length) return [];
  const byCompany = (list: { company_id: number }[]) => [...new Set(list.map((k) => k.company_id))];
  const shipments = await sharedClient().foreignTradeShipment.findMany({
    where: { OR: byCompany(keys).map((c) => ({ company_id: c, id: { in: keys.filter((k) => k.company_id === c).map((k) => k.id) } })) },
    select: {
      company_id: true, id: true, process_id: true, type: true, automatic_tracking_enabled: true,
      maritime_transport_shipment: { select: { tracking_key: true, bl: true, hbl: true, booking: true, sealine: { select: { scac: true } } } },
      transportables: { select: { container: { select: { code: true } } } },
    },
  });
  const tracked = shipments.flatMap((s) => {
    const m = s.maritime_transport_shipment;
    return s.automatic_tracking_enabled && s.type === 'MARITIME_TRANSPORT' && m?.sealine ? [{ s, m, scac: m.sealine.scac }] : [];
  });
  if (!tracked.length) return [];
  const connections = await sharedClient().carrierConnection.findMany({
    where: { OR: byCompany(tracked.map((t) => t.s)).map((c) => ({ company_id: c, scac: { in: [...new Set(tracked.filter((t) => t.s.company_id === c).map((t) => t.scac))] } })) },
  });
  const connectionOf = new Map(connections.map((c) => [`${c.company_id}:${c.scac}`, c]));
  return tracked.flatMap(({ s, m, scac }) => {
    const connection = connectionOf.get(`${s.company_id}:${scac}`);
    if (!connection) return [];
    const containers = s.transportables.flatMap((t) => (t.container ? [t.container.code.toUpperCase()] : []));
    return [{ shipment: { company_id: s.company_id, id: s.id, process_id: s.process_id }, connection, queries: lookupQueries(m.tracking_key, m, containers) }];
  });
}

/** The name of a connection as a source (`tracking_api`). */
export const apiName = (c: { protocol: string; scac: string }) => `${c.protocol}:${c.scac}`;

/**
 * Asks the carrier about one planned shipment: answers what to apply (applyOutcomes), or
 * 'recorded' when the lookup failed (its error and backoff are written here). Never throws
 * for the carrier's answer.
 */
export async function askCarrier(p: LookupPlan): Promise<ShipmentOutcome | 'recorded'> {
  const interval = env().trackingPollIntervalMs;
  const api = apiName(p.connection);
  if (!p.queries) return { shipment: p.shipment, api, outcome: { kind: 'invalid', reason: 'the tracking key has no usable value' } };
  let target: CarrierTarget;
  try {
    target = { baseUrl: p.connection.base_url, authHeader: p.connection.auth_header, authValue: p.connection.auth_value_encrypted ? decryptSecret(p.connection.auth_value_encrypted) : null };
  } catch {
    await recordFailure(p.shipment, api, 'the stored credentials cannot be read (the encryption key changed): send them again', interval);
    return 'recorded';
  }
  const outcome = await ask(target, p.queries);
  if (outcome.kind !== 'failed') return { shipment: p.shipment, api, outcome };
  await recordFailure(p.shipment, api, outcome.error, interval);
  return 'recorded';
}

/** Looks one shipment up now; answers false when it is not tracked by a carrier. Never throws for the carrier's answer. */
export async function lookupShipment(companyId: number, shipmentId: number): Promise<boolean> {
  const [p] = await planLookups([{ company_id: companyId, id: shipmentId }]);
  if (!p) return false;
  const asked = await askCarrier(p);
  if (asked !== 'recorded') await applyOutcomes([asked], env().trackingPollIntervalMs);
  return true;
}

export type { TrackedShipment };
