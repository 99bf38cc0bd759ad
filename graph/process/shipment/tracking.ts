import type { Prisma } from '../../../prisma/generated/client/client.ts';
import { lockRows, touchRows } from '../../database/locks.ts';
import { updateRows, type Row } from '../../database/set-rows.ts';
import { followVessels, type StatusResponse, type VesselChange } from '../../logistics/vessel-changes.ts';

type Tx = Prisma.TransactionClient;

interface Maritime {
  tracking_key: string | null;
  bl: string | null;
  hbl: string | null;
  booking: string | null;
  tracking_number: string | null;
  vessel_id: number | null;
}

const KEY_VALUE = /^[A-Za-z0-9][A-Za-z0-9/-]{3,34}$/;
const keyField: Record<string, keyof Maritime> = {
  BILL_OF_LADING: 'bl',
  HOUSE_BL: 'hbl',
  BOOKING: 'booking',
  TRACKING_NUMBER: 'tracking_number',
};

/**
 * The tracking status of a maritime shipment: INVALID when its tracking key has no usable
 * value, NOT_FOUND when no vessel is known to follow, FOUND when it follows a vessel, and
 * PENDING while nothing identifies it yet.
 */
export function trackingStatus(m: Maritime): StatusResponse {
  if (m.tracking_key === 'VESSEL' && m.vessel_id === null) return 'INVALID';
  const field = m.tracking_key ? keyField[m.tracking_key] : undefined;
  if (field && !KEY_VALUE.test(String(m[field] ?? ''))) return 'INVALID';
  if (m.vessel_id !== null) return 'FOUND';
  return m.tracking_key ? 'NOT_FOUND' : 'PENDING';
}

/** Where a shipment's ETA comes from (docs/tracking.md, "Which ETA wins"). */
export type EtaSource = 'CARRIER_ACTUAL' | 'CARRIER_ESTIMATED' | 'TRACKING' | 'SENT';

/** The ETA each source gives; null where it gives none. */
export interface EtaCandidates {
  carrier: { at: Date; classifier: string | null } | null;
  ais: Date | null;
  sent: Date | null;
}

/**
 * THE precedence rule of the ETA, applied by every writer of it (a client's write, an AIS
 * import, a carrier lookup or push): the carrier's actual (ACT) time, then the carrier's
 * estimate (EST), then the followed vessel's AIS voyage, then the ETA you sent.
 */
export function etaByPrecedence(c: EtaCandidates): { eta: Date | null; source: EtaSource | null } {
  if (c.carrier) return { eta: c.carrier.at, source: c.carrier.classifier === 'ACT' ? 'CARRIER_ACTUAL' : 'CARRIER_ESTIMATED' };
  if (c.ais) return { eta: c.ais, source: 'TRACKING' };
  if (c.sent) return { eta: c.sent, source: 'SENT' };
  return { eta: null, source: null };
}

const maritimeSelect = { tracking_key: true, bl: true, hbl: true, booking: true, tracking_number: true, vessel_id: true, sealine_id: true } as const;

/** A process just written, and whether its request sent the shipment's `eta`. */
export interface WrittenShipment {
  processId: number;
  /** The request's `foreign_trade_shipment.eta`: undefined when it was left out. */
  sentEta: Date | string | null | undefined;
  /** The dotted prefix of the process in the request (`''`, `0.` ...). */
  prefix: string;
}

/**
 * Brings the tracking of the written processes' shipments up to date, in the write's
 * transaction: status from the tracking key, and the ETA of the followed vessel's current
 * voyage, which wins over a sent one while automatic tracking follows a vessel it found
 * (`eta_source` TRACKING; a sent ETA is SENT). Answers the prefixes of the processes whose
 * sent ETA was replaced, for the mutation's warnings.
 */
export async function syncShipmentTracking(db: Tx, companyId: number, written: WrittenShipment[]): Promise<string[]> {
  const byProcess = new Map(written.map((w) => [w.processId, w]));
  const shipments = await db.foreignTradeShipment.findMany({
    where: { company_id: companyId, process_id: { in: [...byProcess.keys()] } },
    select: {
      id: true, process_id: true, eta: true, eta_source: true, status_response: true, automatic_tracking_enabled: true, type: true,
      carrier_eta: true, carrier_eta_classifier: true, tracking_api: true,
      maritime_transport_shipment: { select: maritimeSelect },
    },
  });
  const tracked = (s: (typeof shipments)[number]) => s.automatic_tracking_enabled && s.type === 'MARITIME_TRANSPORT' && s.maritime_transport_shipment;
  const vesselIds = [...new Set(shipments.filter(tracked).map((s) => s.maritime_transport_shipment?.vessel_id).filter((v): v is number => v != null))];
  const voyages = vesselIds.length
    ? await db.vesselVoyage.findMany({ where: { vessel_id: { in: vesselIds } }, orderBy: [{ vessel_id: 'asc' }, { started_at: 'desc' }], select: { vessel_id: true, eta: true } })
    : [];
  // Shipments whose carrier the company connected wait for the carrier's answer: PENDING until its first lookup.
  const sealineIds = [...new Set(shipments.filter(tracked).map((s) => s.maritime_transport_shipment?.sealine_id).filter((v): v is number => v != null))];
  const connected = new Set<number>();
  if (sealineIds.length) {
    const sealines = await db.sealine.findMany({ where: { id: { in: sealineIds } }, select: { id: true, scac: true } });
    const scacs = new Set((await db.carrierConnection.findMany({ where: { company_id: companyId, scac: { in: sealines.map((x) => x.scac) } }, select: { scac: true } })).map((c) => c.scac));
    for (const x of sealines) if (scacs.has(x.scac)) connected.add(x.id);
  }
  const etaOf = new Map<number, Date | null>();
  for (const v of voyages) if (!etaOf.has(v.vessel_id)) etaOf.set(v.vessel_id, v.eta);
  const replaced: string[] = [];
  const rows = shipments.flatMap((s): Row[] => {
    const sent = byProcess.get(s.process_id)!;
    const m = tracked(s) ? s.maritime_transport_shipment! : null;
    // Once a carrier answered for the shipment, its status is the carrier's (graph/carriers/apply.ts).
    const keyStatus = m ? trackingStatus(m) : null;
    const awaitsCarrier = m?.sealine_id != null && connected.has(m.sealine_id) && keyStatus === 'NOT_FOUND';
    const status = m ? (s.tracking_api ? s.status_response : awaitsCarrier ? 'PENDING' : keyStatus) : null;
    if (m && s.carrier_eta) {
      const ruled = etaByPrecedence({ carrier: { at: s.carrier_eta, classifier: s.carrier_eta_classifier }, ais: null, sent: null });
      if (sent.sentEta != null && new Date(sent.sentEta).getTime() !== ruled.eta!.getTime()) replaced.push(sent.prefix);
      return [{ company_id: companyId, id: s.id, status_response: status, eta: ruled.eta, eta_source: ruled.source }];
    }
    const vesselEta = status === 'FOUND' && m!.vessel_id != null ? (etaOf.get(m!.vessel_id) ?? null) : null;
    if (vesselEta) {
      if (sent.sentEta != null && new Date(sent.sentEta).getTime() !== vesselEta.getTime()) replaced.push(sent.prefix);
      return [{ company_id: companyId, id: s.id, status_response: status, eta: vesselEta, eta_source: 'TRACKING' }];
    }
    const source = sent.sentEta === undefined ? s.eta_source : s.eta ? 'SENT' : null;
    if ((status ?? s.status_response) === s.status_response && source === s.eta_source) return [];
    return [{ company_id: companyId, id: s.id, status_response: status ?? s.status_response, eta: s.eta, eta_source: source }];
  });
  await updateRows(db, 'foreign_trade_shipments', rows);
  return replaced;
}

/**
 * Follows vessel imports: a new ETA of a vessel's voyage moves the ETA of every maritime
 * shipment with automatic tracking that follows the vessel (its ETA history and events record
 * the change, docs/tracking.md).
 */
async function followVoyages(db: Tx, changes: VesselChange[]): Promise<void> {
  const etas = new Map<number, Date>();
  for (const c of changes) {
    const eta = c.voyage?.current.eta;
    if (eta && eta.getTime() !== c.voyage?.previous?.eta?.getTime()) etas.set(c.vessel.id, eta);
  }
  if (!etas.size) return;
  // NOTE: vessels are global, so these queries span companies (on Citus, every shard).
  const where = {
    vessel_id: { in: [...etas.keys()] },
    // A carrier's ETA outranks the AIS voyage (etaByPrecedence): those shipments are left alone.
    parent: { automatic_tracking_enabled: true, carrier_eta: null, parent: { deleted_at: null, canceled_at: null, finished_at: null } },
  };
  // The followers' processes are locked before the followers are read, as every writer of a
  // process's parts locks it first (graph/database/locks.ts): what a writer of the process
  // committed meanwhile (tracking turned off, an ETA sent) is read here, not written over.
  const candidates = await db.maritimeTransportShipment.findMany({ where, select: { company_id: true, parent: { select: { process_id: true } } } });
  if (!candidates.length) return;
  await lockRows(db, 'processes', candidates.map((c) => ({ company_id: c.company_id, id: c.parent.process_id })));
  const followers = await db.maritimeTransportShipment.findMany({
    where,
    select: { company_id: true, shipment_id: true, ...maritimeSelect, parent: { select: { process_id: true } } },
  });
  const moved: Row[] = [];
  const processes: { company_id: number; id: number }[] = [];
  for (const f of followers) {
    const eta = etas.get(f.vessel_id!)!;
    const status = trackingStatus(f);
    if (status !== 'FOUND') continue;
    moved.push({ company_id: f.company_id, id: f.shipment_id, eta, eta_source: 'TRACKING', status_response: 'FOUND' });
    processes.push({ company_id: f.company_id, id: f.parent.process_id });
  }
  await touchRows(db, 'processes', processes);
  await updateRows(db, 'foreign_trade_shipments', moved);
}

followVessels(followVoyages);
