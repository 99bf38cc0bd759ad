// Checks references to rows of other areas (routes, ports, order items...) collected while
// validating a tree: one query per kind, whatever the size of the tree.
import type { Prisma } from '../../../prisma/generated/client/client.ts';
import { FieldErrors, fieldMessages } from '../../errors.ts';
import { referenceCodes } from '../../reference/countries-currencies.ts';
import { portsByCodes } from '../../reference/port-aliases.ts';
import { modelDelegate } from '../../database/records.ts';
import type { RefUse } from './engine.ts';

type Tx = Prisma.TransactionClient;

/** Prisma model of each kind; company-owned kinds are scoped, soft-deletable ones must be live. */
const kinds: Record<string, { model: Prisma.ModelName; company: boolean; live?: boolean }> = {
  route: { model: 'Route', company: true, live: true },
  maritimePort: { model: 'MaritimePort', company: false },
  airport: { model: 'Airport', company: false },
  airline: { model: 'Airline', company: false },
  sealine: { model: 'Sealine', company: false },
  vessel: { model: 'Vessel', company: false },
  actor: { model: 'Actor', company: true },
  driver: { model: 'Driver', company: true, live: true },
  vehicle: { model: 'Vehicle', company: true, live: true },
  trailer: { model: 'Trailer', company: true, live: true },
  purchaseOrderItem: { model: 'PurchaseOrderItem', company: true },
  salesOrderItem: { model: 'SalesOrderItem', company: true },
  costModelVersion: { model: 'CostModelVersion', company: true },
};

/** Reports every reference that does not exist (or is another company's) as "does not exist". */
export async function checkRefs(db: Tx, companyId: number, refs: RefUse[], errors: FieldErrors): Promise<void> {
  const byKind = new Map<string, RefUse[]>();
  const byCode = new Map<string, RefUse[]>();
  for (const r of refs) {
    const group = r.fill ? byCode : byKind;
    group.set(r.kind, [...(group.get(r.kind) ?? []), r]);
  }
  for (const [kind, uses] of byCode) await resolveCodes(db, kind, uses, errors);
  for (const [kind, uses] of byKind) {
    let known: Set<unknown>;
    if (kind === 'currency' || kind === 'country') {
      const codes = await referenceCodes();
      const map = kind === 'currency' ? codes.currencies : codes.countries;
      known = new Set(uses.map((u) => u.id).filter((c) => map.has(String(c))));
    } else if (kind === 'routePoint') {
      await checkRoutePoints(db, companyId, uses, errors);
      continue;
    } else if (kind === 'keptPhases') {
      await checkKeptPhases(db, companyId, uses, errors);
      continue;
    } else {
      const k = kinds[kind];
      const delegate = k && modelDelegate<{ findMany(a: object): Promise<{ id: number }[]> }>(k.model, db);
      if (!delegate) continue; // that area is not in the schema yet
      const ids = [...new Set(uses.map((u) => u.id))];
      const where: Record<string, unknown> = { id: { in: ids } };
      if (k.company) where.company_id = companyId;
      if (k.live) where.deleted_at = null;
      known = new Set((await delegate.findMany({ where, select: { id: true } })).map((r) => r.id));
    }
    for (const u of uses) if (!known.has(u.id)) errors.add(u.name, fieldMessages.missing);
  }
}

/**
 * Route points must exist for the company and, when the use names a route (sent, or the stored
 * route of a national road transport updated without route_id), belong to that route.
 */
async function checkRoutePoints(db: Tx, companyId: number, uses: RefUse[], errors: FieldErrors): Promise<void> {
  const ids = [...new Set(uses.map((u) => u.id as number))];
  const points = new Map(
    (await db.routePoint.findMany({ where: { company_id: companyId, id: { in: ids } }, select: { id: true, route_id: true } })).map((p) => [p.id, p.route_id]),
  );
  const transportIds = [...new Set(uses.map((u) => u.route?.transportId).filter((x): x is number => typeof x === 'number'))];
  const storedRoute = new Map(
    transportIds.length
      ? (await db.nationalRoadTransport.findMany({ where: { company_id: companyId, id: { in: transportIds } }, select: { id: true, route_id: true } })).map((t) => [t.id, t.route_id])
      : [],
  );
  for (const u of uses) {
    const routeOfPoint = points.get(u.id as number);
    const route = u.route?.id ?? (u.route?.transportId != null ? storedRoute.get(u.route.transportId) : undefined);
    if (routeOfPoint === undefined || (route != null && routeOfPoint !== route)) errors.add(u.name, fieldMessages.missing);
  }
}

/**
 * A stored transport given a new route keeps phases that must be points of that route: any
 * kept phase on another route's point makes `route_id` invalid (send the trips with phases on
 * the new route in the same request). One query per transport whose route is changed.
 */
async function checkKeptPhases(db: Tx, companyId: number, uses: RefUse[], errors: FieldErrors): Promise<void> {
  for (const u of uses) {
    const { transportId, tripIds } = u.keptPhases!;
    const stray = await db.tripPhase.findFirst({
      where: {
        company_id: companyId,
        parent: { national_road_transport_id: transportId, ...(tripIds ? { id: { in: tripIds } } : {}) },
        route_point: { route_id: { not: u.id as number } },
      },
      select: { id: true },
    });
    if (stray) errors.add(u.name, fieldMessages.invalid);
  }
}

/** How each kind of reference data is found by its natural code (graph/schema-helpers/text-formats.ts). */
const codeLookups: Record<string, (db: Tx, codes: string[]) => Promise<{ id: number; codes: (string | null)[] }[]>> = {
  // A UN/LOCODE or an alias in everyday use (prisma/data/port-aliases.csv).
  maritimePort: portsByCodes,
  // IATA (3 letters) or ICAO (4 characters).
  airport: async (db, codes) =>
    (await db.airport.findMany({ where: { OR: [{ iata_code: { in: codes } }, { icao_code: { in: codes } }] }, select: { id: true, iata_code: true, icao_code: true } })).map((r) => ({
      id: r.id,
      codes: [r.iata_code, r.icao_code],
    })),
  // IATA (2 characters) or ICAO (3 letters); designators of airlines no longer operating are reused, so only active airlines answer to codes.
  airline: async (db, codes) =>
    (await db.airline.findMany({ where: { active: true, OR: [{ iata_code: { in: codes } }, { icao_code: { in: codes } }] }, select: { id: true, iata_code: true, icao_code: true } })).map((r) => ({
      id: r.id,
      codes: [r.iata_code, r.icao_code],
    })),
  sealine: async (db, codes) => (await db.sealine.findMany({ where: { scac: { in: codes } }, select: { id: true, scac: true } })).map((r) => ({ id: r.id, codes: [r.scac] })),
};

/**
 * Finds the rows named by natural codes (one query per kind) and writes their ids where the
 * ids go; a code that names no row is "does not exist", one that names several is ambiguous.
 */
async function resolveCodes(db: Tx, kind: string, uses: RefUse[], errors: FieldErrors): Promise<void> {
  const lookup = codeLookups[kind];
  if (!lookup) throw new Error(`no code lookup for ${kind}`);
  const rows = await lookup(db, [...new Set(uses.map((u) => String(u.id)))]);
  for (const u of uses) {
    const ids = [...new Set(rows.filter((r) => r.codes.includes(String(u.id))).map((r) => r.id))];
    if (ids.length === 1) u.fill!.params[u.fill!.key] = ids[0];
    else errors.add(u.name, ids.length ? fieldMessages.ambiguousCode : fieldMessages.missing);
  }
}
