// The link from tracking feeds to shipments. The importers call `onVesselChanged` inside
// their batch transaction for every vessel whose position or voyage (destination, ETA)
// changed in that batch. It hands the changes to the shipment side, which updates the
// maritime shipments that follow the vessel (automatic_tracking_enabled) in the same
// transaction; what that changes is kept by the shipments' ETA history and events
// (docs/tracking.md, "ETA history"). Vessel changes are not kept apart.
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { prisma } from '../db.ts';

export type Tx = Prisma.TransactionClient;

/** A voyage as the vessel reports it. */
export interface VoyageState {
  id: number;
  destination: string | null;
  destination_port_unlocode: string | null;
  eta: Date | null;
  updated_at: Date;
}

/** What changed about one vessel in one import batch. */
export interface VesselChange {
  vessel: { id: number; mmsi_number: string; imo_number: string | null; name: string | null };
  /** The new last position, when the batch moved it. */
  position?: { latitude: number; longitude: number; course: number | null; speed: number | null; heading: number | null; ais_updated_at: Date };
  /** The voyage before and after, when the batch changed its destination or ETA (`previous` null: first voyage). */
  voyage?: { previous: VoyageState | null; current: VoyageState; new_voyage: boolean };
}

/** Something that follows vessels (the shipment side); runs in the importer's transaction. */
/** Reacts to the vessel changes of one import batch, inside its transaction. */
export type VesselFollower = (db: Tx, changes: VesselChange[]) => Promise<void>;

const followers: VesselFollower[] = [];

/** Registers a follower of vessel changes (e.g. the maritime shipment ETA/status updater). */
export function followVessels(follower: VesselFollower): void {
  if (!followers.includes(follower)) followers.push(follower);
}

/** Lets the followers react to one vessel's change, in the caller's transaction. */
export async function onVesselChanged(db: Tx, change: VesselChange): Promise<void> {
  await onVesselsChanged(db, [change]);
}

/** Lets the followers react to the changes of a batch. */
export async function onVesselsChanged(db: Tx, changes: VesselChange[]): Promise<void> {
  for (const follow of followers) await follow(db, changes);
}

/** Tracking key values of a maritime shipment (docs/processes/foreign_trade_shipment.md). */
export const trackingKeys = ['BILL_OF_LADING', 'BOOKING', 'CONTAINER_CODE', 'HOUSE_BL', 'TRACKING_NUMBER', 'VESSEL'] as const;
export type TrackingKey = (typeof trackingKeys)[number];
export type StatusResponse = 'PENDING' | 'NOT_FOUND' | 'FOUND' | 'INVALID';

/**
 * The status_response of a shipment that follows a vessel: INVALID when its vessel key is
 * malformed (an MMSI must be 9 digits, an IMO number 7), NOT_FOUND when no such vessel is
 * known, FOUND otherwise (with the vessel and its current voyage).
 */
export async function vesselTrackingStatus(
  db: Tx = prisma(),
  key: { vessel_id?: number | null; mmsi?: string | null; imo?: string | null },
): Promise<{ status_response: StatusResponse; vessel: { id: number; voyage: VoyageState | null } | null }> {
  if (key.mmsi != null && !/^\d{9}$/.test(key.mmsi)) return { status_response: 'INVALID', vessel: null };
  if (key.imo != null && !/^\d{7}$/.test(key.imo)) return { status_response: 'INVALID', vessel: null };
  const where: Prisma.VesselWhereInput | null =
    key.vessel_id != null ? { id: key.vessel_id } : key.mmsi ? { mmsi_number: key.mmsi } : key.imo ? { imo_number: key.imo } : null;
  if (!where) return { status_response: 'INVALID', vessel: null };
  const vessel = await db.vessel.findFirst({
    where,
    select: { id: true, voyages: { orderBy: [{ started_at: 'desc' }, { id: 'desc' }], take: 1, select: { id: true, destination: true, destination_port_unlocode: true, eta: true, updated_at: true } } },
  });
  if (!vessel) return { status_response: 'NOT_FOUND', vessel: null };
  return { status_response: 'FOUND', vessel: { id: vessel.id, voyage: vessel.voyages[0] ?? null } };
}
