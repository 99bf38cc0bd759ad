// Events become deliveries in the transaction that writes them (graph/events/relay.ts): one
// delivery per event and endpoint subscribed to its type, written in one statement with its
// body and queued, so a written event is never left undelivered.
import type { RecordedEvent, Subscriber } from '../events/relay.ts';
import { insertSelect } from '../database/set-rows.ts';
import type { Tx } from '../database/transaction.ts';
import { eventBody } from './body.ts';
import { enqueueDeliveries } from './queue.ts';

/** Makes and queues the deliveries of the events just recorded, to the endpoints of their companies (a listener of the relay, graph/wiring.ts). */
export async function fanOut(tx: Tx, events: RecordedEvent[], endpoints: Subscriber[]): Promise<void> {
  if (!endpoints.length) return;
  const now = new Date();
  const data = events.flatMap((e) => {
    const subscribed = endpoints.filter((w) => w.company_id === e.company_id && (w.events.includes('*') || w.events.includes(e.type)));
    if (!subscribed.length) return [];
    const body = eventBody(e);
    return subscribed.map((w) => ({ company_id: e.company_id, endpoint_id: w.id, event_id: e.id, event_type: e.type, body, next_attempt_at: now }));
  });
  if (!data.length) return;
  // One parameter for every row, as the events themselves are written (graph/database/set-rows.ts).
  const made = await tx.$queryRawUnsafe<{ company_id: number; id: number }[]>(
    `${insertSelect('webhook_deliveries', ['company_id', 'endpoint_id', 'event_id', 'event_type', 'body', 'next_attempt_at'])}
     RETURNING company_id, id`,
    JSON.stringify(data),
  );
  await enqueueDeliveries(tx, made);
}
