// A GraphQL subscription read over Server-Sent Events, as a client of docs/graphql.md
// ("Subscriptions") reads it: POST /graphql with `Accept: text/event-stream`, then the value of
// the subscription's field in each `next` message, kept as it arrives. Shared by the tests and
// the benches; a stream that does not open with 200 and text/event-stream is an error naming
// what was answered.

/** An open subscription: what it received so far, and how to end it. */
export interface Subscription {
  /** The field's values, oldest first, each with `received_at` (Date.now() when it arrived). */
  events: any[];
  /** The GraphQL errors the messages carried. */
  errors: any[];
  /**
   * Resolves when the stream's first bytes arrive. The server sends them (a `:` comment) as it
   * starts reading the subscription's events, in the same turn of its event loop, so a change a
   * client makes after this reaches the stream.
   */
  opened: Promise<void>;
  /** Waits until `ready(events)` holds, polling every 20 ms; fails after `ms` naming what came. */
  until(ready: (events: any[]) => boolean, ms?: number): Promise<any[]>;
  close(): void;
}

export interface SubscribeOptions {
  /** Called with each value as it arrives (before `events` holds it). */
  onEvent?: (value: any) => void;
}

/** Splits the SSE text into its messages, calling `take` with the data of each `next` message and `first` at the first bytes. */
function readMessages(body: AsyncIterable<Uint8Array>, take: (data: string) => void, first: () => void): void {
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        first();
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = message.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
          if (message.startsWith('event: next') && data) take(data);
        }
      }
    } catch {
      // closed by close()
    }
    // A stream that ended before its first bytes: whoever waits for them goes on to fail on what came.
    first();
  })();
}

/** Subscribes at `baseUrl` with the company's `key`. */
export async function subscribe(baseUrl: string, key: string, query: string, variables: Record<string, unknown>, options: SubscribeOptions = {}): Promise<Subscription> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'api-key': key, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const text = await res.text().catch(() => '');
    abort.abort();
    throw new Error(`subscription answered ${res.status} ${res.headers.get('content-type')}: ${text.slice(0, 300)}`);
  }
  let opened = () => {};
  const stream: Subscription = {
    opened: new Promise((resolve) => (opened = resolve)),
    events: [],
    errors: [],
    async until(ready, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (!ready(stream.events)) {
        if (Date.now() > deadline) throw new Error(`subscription: not reached in ${ms} ms; got ${JSON.stringify(stream.events.map((e) => e.type))} ${JSON.stringify(stream.errors)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return stream.events;
    },
    close: () => abort.abort(),
  };
  readMessages(res.body as unknown as AsyncIterable<Uint8Array>, (data) => {
    const result = JSON.parse(data);
    if (result.errors) stream.errors.push(...result.errors);
    const value = result.data && Object.values(result.data)[0];
    if (!value) return;
    options.onEvent?.(value);
    stream.events.push({ ...value, received_at: Date.now() });
  }, () => opened());
  return stream;
}
