// Live events for GraphQL subscriptions (docs/graphql.md, "Subscriptions"). The relay
// notifies EVENTS_CHANNEL with the ids of the events it wrote; PostgreSQL delivers the notice
// when it commits, to every process listening (LISTEN/NOTIFY). Each process listens once it has a subscriber, reads the notified events
// of companies it serves, and hands each one to the subscribers of its company only.
import { createPubSub, filter, pipe } from 'graphql-yoga';
import type { Event } from '../../prisma/generated/client/client.ts';
import { openedDatabase, sharedClient, sql } from '../db.ts';
import { EVENTS_CHANNEL, relayCompany } from './relay.ts';

/** Events of each company, for the subscribers in this process. */
const hub = createPubSub<Record<string, [Event]>>();
const topic = (companyId: number) => `company:${companyId}`;

/** Subscribers in this process, by company: notices of other companies are not read. */
const subscribers = new Map<number, number>();

let listening: Promise<unknown> | undefined;

/** Reads the events of a notice and hands them out in the order they were written. */
async function onNotice(payload: string): Promise<void> {
  const { c, ids } = JSON.parse(payload) as { c: number; ids: string[] };
  if (!subscribers.get(c)) return;
  const events = await sharedClient().event.findMany({ where: { company_id: c, id: { in: ids } }, orderBy: { seq: 'asc' } });
  for (const e of events) hub.publish(topic(c), e);
}

/** Starts this process's listener (once). */
function listen(): Promise<unknown> {
  listening ??= openedDatabase().then((db) =>
    db.listen(EVENTS_CHANNEL, (payload) => {
      onNotice(payload).catch((e: unknown) => console.error('[events] live events could not be read:', e));
    }),
  );
  return listening;
}

/**
 * The events of a company from now on that `keep` accepts, until the subscriber leaves. The
 * company's changes committed before are relayed first and their events, written before the
 * subscription started (`seq` up to the company's last now), are not its own even when their
 * notices come after it.
 */
export async function liveEvents(companyId: number, keep: (event: Event) => boolean): Promise<AsyncIterable<Event>> {
  await listen();
  await relayCompany(companyId);
  const [{ last }] = await sql<{ last: string }>('SELECT coalesce(max(seq), 0)::text AS last FROM events WHERE company_id = $1', companyId);
  const since = BigInt(last);
  subscribers.set(companyId, (subscribers.get(companyId) ?? 0) + 1);
  const source = pipe(hub.subscribe(topic(companyId)), filter((e: Event) => e.seq > since && keep(e)));
  const leave = () => subscribers.set(companyId, (subscribers.get(companyId) ?? 1) - 1);
  return {
    [Symbol.asyncIterator]() {
      const it = source[Symbol.asyncIterator]();
      let left = false;
      const once = () => {
        if (!left) leave();
        left = true;
      };
      return {
        next: () => it.next(),
        return: async () => {
          once();
          return it.return ? it.return() : { done: true, value: undefined };
        },
        throw: async (e?: unknown) => {
          once();
          return it.throw ? it.throw(e) : { done: true, value: undefined };
        },
      } as AsyncIterator<Event>;
    },
  };
}
