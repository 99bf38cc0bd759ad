// What the relay files share (relay-order.test.ts, relay-held.test.ts).
import { readEventsFeed } from '../setup/events-feed.ts';

export type Call = (method: string, path: string, params?: unknown) => Promise<{ status: number; body: any }>;

/** Every event of the company, oldest first. */
export async function allEvents(call: Call, query = ''): Promise<any[]> {
  return (await readEventsFeed((q) => call('GET', `/events?${q}`), undefined, query.replace(/^&/, ''))).events;
}

