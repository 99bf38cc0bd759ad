// What a delivery sends (docs/webhooks.md): the event as GET /api/events answers it.
import { formatDateTime } from '../scalars.ts';

/** The body every attempt of an event's delivery sends, fixed when the delivery is made. */
export function eventBody(event: { id: string; type: string; created_at: Date; payload: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, created_at: formatDateTime(event.created_at), ...(event.payload as object) });
}
