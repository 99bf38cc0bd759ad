// The walk of the events feed a client makes (docs/webhooks.md, "Catching up"): GET
// /api/events page by page from a cursor kept, sending each `next_cursor` back as `after` until
// `has_more` is false. Shared by the tests and the benches that read the feed; a page that does
// not answer 200 ends the walk with an error naming it.

/** One GET of the feed: `query` is the query string (without `?`). */
export type FeedGet = (query: string) => Promise<{ status: number; body: any }>;

/** Every event after `after` (from the first without one), oldest first, and the cursor to go on from. */
export async function readEventsFeed(get: FeedGet, after?: string, query = ''): Promise<{ events: any[]; cursor: string | undefined }> {
  const events: any[] = [];
  let cursor = after;
  for (;;) {
    const res = await get(['limit=100', cursor ? `after=${cursor}` : '', query].filter(Boolean).join('&'));
    if (res.status !== 200) throw new Error(`GET /api/events answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    events.push(...res.body.data);
    cursor = res.body.next_cursor ?? cursor;
    if (!res.body.has_more) return { events, cursor };
  }
}
