// Pushed notifications (docs/tracking.md, Pushed notifications): a carrier POSTs its event list
// to the connection's notification URL, signed as DCSA Track & Trace 2.x says:
// `Notification-Signature: sha256=<hex HMAC-SHA256 of the raw body>`, keyed with the bytes of the
// connection's base64 notification secret. A good one answers 204 at once and the events are
// applied in the background, through the same path as a lookup; anything else stores nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sharedClient } from '../db.ts';
import { env } from '../env.ts';
import { inBackground } from '../database/background.ts';
import { applyOutcomes, type ShipmentOutcome } from './apply.ts';
import { apiName } from './lookup.ts';
import { decryptSecret } from './secrets.ts';

/** The largest notification body taken. */
export const MAX_NOTIFICATION_BYTES = 5 * 1024 * 1024;
const TOKEN = /^[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{16,52}$/;
const SIGNATURE = /^\s*sha256=([0-9a-fA-F]{64})\s*$/;

/** Whether `header` is the signature of `body` under the base64 `secret` (constant-time). */
export function signatureMatches(secret: string, body: Buffer, header: string | null): boolean {
  const m = header ? SIGNATURE.exec(header) : null;
  if (!m) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'base64')).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(m[1], 'hex'));
}

/** The references an event names: transport documents, bookings and its container. */
function referencesOf(event: unknown): string[] {
  if (typeof event !== 'object' || event === null) return [];
  const e = event as Record<string, unknown>;
  const refs = Array.isArray(e.documentReferences) ? e.documentReferences : [];
  const values = refs.map((r) => (typeof r === 'object' && r !== null ? (r as Record<string, unknown>).documentReferenceValue : null));
  return [...values, e.equipmentReference, e.transportDocumentReference, e.carrierBookingReference].filter((v): v is string => typeof v === 'string' && v.length <= 100);
}

/** Applies pushed events to the shipments of the connection's company they name. */
async function applyPushed(companyId: number, scac: string, api: string, events: unknown[]): Promise<void> {
  const byRef = new Map<string, unknown[]>();
  for (const e of events) for (const r of new Set(referencesOf(e))) byRef.set(r.toUpperCase(), [...(byRef.get(r.toUpperCase()) ?? []), e]);
  if (!byRef.size) return;
  const refs = [...byRef.keys()];
  const shipments = await sharedClient().maritimeTransportShipment.findMany({
    where: {
      company_id: companyId,
      sealine: { scac },
      parent: { automatic_tracking_enabled: true, parent: { deleted_at: null, canceled_at: null, finished_at: null } },
      OR: [{ bl: { in: refs } }, { hbl: { in: refs } }, { booking: { in: refs } }, { parent: { transportables: { some: { container: { code: { in: refs } } } } } }],
    },
    select: { bl: true, hbl: true, booking: true, parent: { select: { id: true, process_id: true, transportables: { select: { container: { select: { code: true } } } } } } },
  });
  const outcomes = shipments.map((m): ShipmentOutcome => {
    const keys = [m.bl, m.hbl, m.booking, ...m.parent.transportables.map((t) => t.container?.code)].filter((k): k is string => !!k).map((k) => k.toUpperCase());
    const mine = [...new Set(keys.flatMap((k) => byRef.get(k) ?? []))];
    return { shipment: { company_id: companyId, id: m.parent.id, process_id: m.parent.process_id }, api, outcome: { kind: 'events', events: mine }, partial: true };
  });
  await applyOutcomes(outcomes, env().trackingPollIntervalMs);
}

/** What a notification is answered: 204, 401 (signature), 404 (no such URL), 400 (not an event list), 413. */
export type NotificationAnswer = 204 | 400 | 401 | 404 | 413;

/** Receives one notification for `token` with its raw body and signature header. */
export async function receiveNotification(token: string, body: Buffer, signature: string | null): Promise<NotificationAnswer> {
  if (!TOKEN.test(token)) return 404;
  // The token leads with its company's id, so the lookup stays within one company's rows (sharding by company).
  const companyId = Number(token.slice(0, token.indexOf('.')));
  if (!Number.isSafeInteger(companyId) || companyId < 1) return 404;
  const c = await sharedClient().carrierConnection.findUnique({ where: { company_id_notification_token: { company_id: companyId, notification_token: token } } });
  if (!c) return 404;
  let secret: string | null = null;
  try {
    secret = c.notification_secret_encrypted ? decryptSecret(c.notification_secret_encrypted) : null;
  } catch {
    secret = null;
  }
  if (!secret || !signatureMatches(secret, body, signature)) return 401;
  let events: unknown;
  try {
    events = JSON.parse(body.toString('utf8'));
  } catch {
    return 400;
  }
  if (!Array.isArray(events)) return 400;
  void inBackground('carrier-notification', () => applyPushed(c.company_id, c.scac, apiName(c), events as unknown[]));
  return 204;
}
