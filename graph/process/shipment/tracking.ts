import type { Prisma } from '../../../prisma/generated/client/client.ts';
import { updateRows, type Row } from '../../kit/set-rows.ts';
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

const maritimeSelect = { tracking_key: true, bl: true, hbl: true, booking: true, tracking_number: true, vessel_id: true } as const;

/**
 * Brings the tracking of the written processes' shipments up to date, in the write's
 * transaction: status from the tracking key, and the ETA of the followed vessel's current voyage.
 */
export async function syncShipmentTracking(db: Tx, companyId: number, processIds: number[]): Promise<void> {
  const shipments = await db.foreignTradeShipment.findMany({
    where: { company_id: companyId, process_id: { in: processIds }, automatic_tracking_enabled: true, type: 'MARITIME_TRANSPORT' },
    select: { id: true, eta: true, maritime_transport_shipment: { select: maritimeSelect } },
  });
  if (!shipments.length) return;
  const vesselIds = [...new Set(shipments.map((s) => s.maritime_transport_shipment?.vessel_id).filter((v): v is number => v != null))];
  const voyages = vesselIds.length
    ? await db.vesselVoyage.findMany({ where: { vessel_id: { in: vesselIds } }, orderBy: [{ vessel_id: 'asc' }, { started_at: 'desc' }], select: { vessel_id: true, eta: true } })
    : [];
  const etaOf = new Map<number, Date | null>();
  for (const v of voyages) if (!etaOf.has(v.vessel_id)) etaOf.set(v.vessel_id, v.eta);
  const rows = shipments.flatMap((s) => {
    const m = s.maritime_transport_shipment;
    if (!m) return [];
    const status = trackingStatus(m);
    const eta = status === 'FOUND' ? (etaOf.get(m.vessel_id!) ?? s.eta) : s.eta;
    return [{ company_id: companyId, id: s.id, status_response: status, eta }];
  });
  await updateRows(db, 'foreign_trade_shipments', rows);
}

/**
 * Follows vessel imports: a new ETA of a vessel's voyage moves the ETA of every maritime
 * shipment with automatic tracking that follows the vessel, and records the change as a
 * SHIPMENT_TRACKING_UPDATED event for the shipment's company.
 */
async function followVoyages(db: Tx, changes: VesselChange[]): Promise<void> {
  const etas = new Map<number, Date>();
  for (const c of changes) {
    const eta = c.voyage?.current.eta;
    if (eta && eta.getTime() !== c.voyage?.previous?.eta?.getTime()) etas.set(c.vessel.id, eta);
  }
  if (!etas.size) return;
  // NOTE: vessels are global, so this one query spans companies (on Citus, every shard).
  const followers = await db.maritimeTransportShipment.findMany({
    where: {
      vessel_id: { in: [...etas.keys()] },
      parent: { automatic_tracking_enabled: true, parent: { deleted_at: null, canceled_at: null, finished_at: null } },
    },
    select: { company_id: true, shipment_id: true, ...maritimeSelect, parent: { select: { eta: true } } },
  });
  const events: Prisma.TrackingEventCreateManyInput[] = [];
  const moved: Row[] = [];
  for (const f of followers) {
    const eta = etas.get(f.vessel_id!)!;
    const status = trackingStatus(f);
    if (status !== 'FOUND') continue;
    moved.push({ company_id: f.company_id, id: f.shipment_id, eta, status_response: 'FOUND' });
    events.push({
      kind: 'SHIPMENT_TRACKING_UPDATED',
      company_id: f.company_id,
      shipment_id: f.shipment_id,
      vessel_id: f.vessel_id,
      changes: { eta: { from: f.parent.eta?.toISOString() ?? null, to: eta.toISOString() }, status_response: 'FOUND' },
    });
  }
  await updateRows(db, 'foreign_trade_shipments', moved);
  if (events.length) await db.trackingEvent.createMany({ data: events });
}

followVessels(followVoyages);
