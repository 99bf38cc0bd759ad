// What a carrier's DCSA Track & Trace 2.x events say about a shipment (docs/tracking.md).
// Pure: the events come in as the carrier sent them (untrusted JSON) and a summary comes out.
// Transport events give the dates at the ports of loading (the first departure) and
// discharge (the last arrival): the latest created ACT event wins, else the latest EST.
// Equipment events become container events, each keyed by the carrier's eventID.

/** One container milestone reported by the carrier. */
export interface CarrierContainerEvent {
  eventId: string;
  equipmentReference: string;
  datetime: Date;
  estimated: boolean;
  status: string;
  place: string | null;
  transport: string | null;
  voyage: string | null;
}

/** A date of the carrier and whether it is actual (ACT) or estimated (EST). */
export interface CarrierDate {
  at: Date;
  classifier: 'ACT' | 'EST';
}

/** What the events say. */
export interface CarrierSummary {
  loadingPort: string | null;
  dischargePort: string | null;
  departure: CarrierDate | null;
  arrival: CarrierDate | null;
  vesselImo: string | null;
  voyage: string | null;
  containerEvents: CarrierContainerEvent[];
}

/** The equipment event codes as container event statuses. */
export const equipmentStatus: Record<string, string> = {
  LOAD: 'LOADED',
  DISC: 'DISCHARGED',
  GTIN: 'GATE_IN',
  GTOT: 'GATE_OUT',
  STUF: 'STUFFED',
  STRP: 'STRIPPED',
  PICK: 'PICKED_UP',
  DROP: 'DROPPED_OFF',
  INSP: 'INSPECTED',
  RSEA: 'RESEALED',
  RMVD: 'REMOVED',
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 100): string | null => (typeof v === 'string' && v.trim() && v.length <= max ? v.trim() : null);
const date = (v: unknown): Date | null => {
  if (typeof v !== 'string' || v.length > 40) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};
const classifier = (v: unknown): 'ACT' | 'EST' | null => (v === 'ACT' || v === 'EST' ? v : null);

/** The UN/LOCODE of a transport call (its location's, or the deprecated field). */
function callLocode(call: Obj | null): string | null {
  if (!call) return null;
  const location = isObj(call.location) ? call.location : null;
  const code = text(location?.UNLocationCode, 5) ?? text(call.UNLocationCode, 5);
  return code && /^[A-Z]{2}[A-Z2-9]{3}$/.test(code) ? code : null;
}

const voyageOf = (call: Obj | null) => (call ? text(call.exportVoyageNumber, 50) ?? text(call.carrierVoyageNumber, 50) ?? text(call.importVoyageNumber, 50) : null);
const vesselOf = (call: Obj | null) => (call && isObj(call.vessel) ? call.vessel : null);

interface TransportEvent {
  code: 'ARRI' | 'DEPA';
  classifier: 'ACT' | 'EST';
  at: Date;
  created: Date;
  locode: string | null;
  call: Obj | null;
}

/** The date an event set at a port: ACT over EST, then the latest created. */
function pick(events: TransportEvent[]): CarrierDate | null {
  const best = [...events].sort((a, b) => (a.classifier === b.classifier ? b.created.getTime() - a.created.getTime() : a.classifier === 'ACT' ? -1 : 1))[0];
  return best ? { at: best.at, classifier: best.classifier } : null;
}

/** Reads the carrier's event list; anything not of the standard's shape is left out. */
export function summarize(events: unknown): CarrierSummary {
  const list = Array.isArray(events) ? events.filter(isObj) : [];
  const transports: TransportEvent[] = [];
  const containerEvents: CarrierContainerEvent[] = [];
  for (const e of list) {
    const at = date(e.eventDateTime);
    const kind = classifier(e.eventClassifierCode);
    if (!at || !kind) continue;
    const call = isObj(e.transportCall) ? e.transportCall : null;
    if (e.eventType === 'TRANSPORT' && (e.transportEventTypeCode === 'ARRI' || e.transportEventTypeCode === 'DEPA')) {
      transports.push({ code: e.transportEventTypeCode, classifier: kind, at, created: date(e.eventCreatedDateTime) ?? at, locode: callLocode(call), call });
    }
    if (e.eventType === 'EQUIPMENT') {
      const eventId = text(e.eventID, 100);
      const equipmentReference = text(e.equipmentReference, 15);
      const status = typeof e.equipmentEventTypeCode === 'string' ? equipmentStatus[e.equipmentEventTypeCode] : undefined;
      if (!eventId || !equipmentReference || !status) continue;
      const location = isObj(e.eventLocation) ? e.eventLocation : null;
      containerEvents.push({
        eventId,
        equipmentReference: equipmentReference.toUpperCase(),
        datetime: at,
        estimated: kind !== 'ACT',
        status,
        place: text(location?.UNLocationCode, 5) ?? text(location?.locationName) ?? callLocode(call),
        transport: text(vesselOf(call)?.vesselName, 35),
        voyage: voyageOf(call),
      });
    }
  }
  const byTime = (a: TransportEvent, b: TransportEvent) => a.at.getTime() - b.at.getTime();
  const departures = transports.filter((t) => t.code === 'DEPA' && t.locode).sort(byTime);
  const arrivals = transports.filter((t) => t.code === 'ARRI' && t.locode).sort(byTime);
  const loadingPort = departures[0]?.locode ?? null;
  const dischargePort = arrivals.at(-1)?.locode ?? null;
  const mainCall = departures.find((d) => d.locode === loadingPort)?.call ?? arrivals.at(-1)?.call ?? null;
  const imo = text(vesselOf(mainCall)?.vesselIMONumber, 7);
  return {
    loadingPort,
    dischargePort,
    departure: pick(departures.filter((d) => d.locode === loadingPort)),
    arrival: pick(arrivals.filter((a) => a.locode === dischargePort)),
    vesselImo: imo && /^\d{7}$/.test(imo) ? imo : null,
    voyage: voyageOf(mainCall),
    containerEvents,
  };
}
