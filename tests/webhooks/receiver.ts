// A real local HTTP receiver for webhook tests: records every request with its raw body and
// answers with the status its script gives (200 by default).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A running receiver. */
export interface Receiver {
  url: string;
  received: Received[];
  /** Statuses to answer, in order (0: no answer at all); 200 once they run out. */
  script: number[];
  /** Waits until `ready(received)` holds (20 s at most) and answers the requests. */
  until(ready: (received: Received[]) => boolean, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** Starts a receiver on the loopback address. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const script: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const status = script.shift() ?? 200;
      // 0 holds the request unanswered (a receiver that hangs).
      if (status === 0) return;
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    script,
    async until(ready, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ready(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met in ${timeoutMs} ms; got ${received.length} requests: ${received.map((r) => r.headers['webhook-event-type']).join(', ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
