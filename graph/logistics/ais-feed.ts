// Live AIS: reads an NMEA 0183 AIS stream over TCP (AIS_FEED=host:port, the way AIS providers
// and local receivers such as AIS-catcher or rtl-ais serve it: one !AIVDM sentence a line) and
// feeds it to the file importer (ais-import.ts) in batches, about every second, so vessels,
// their voyages and the shipments following them move within seconds. A lost connection is
// opened again with a growing wait (exponential backoff, 0.5 s to 30 s). On a PostgreSQL
// server several processes may run the app; one of them reads the feed, the one holding a
// session advisory lock, and another takes over when it ends (.env.example, AIS_FEED).
import net from 'node:net';
import { AsyncResource } from 'node:async_hooks';
import pg from 'pg';
import { env } from '../env.ts';
import { importAis, type AisReport } from './ais-import.ts';

/** A running feed reader. */
export interface AisFeed {
  stop(): Promise<void>;
}

/** Where the feed is and how it is read; the waits are settable for tests. */
export interface AisFeedOptions {
  host: string;
  port: number;
  /** PostgreSQL URL: only the process holding the feed's advisory lock reads it. Undefined on the embedded database (one process). */
  databaseUrl?: string;
  /** Most milliseconds a sentence waits before its batch is imported (1,000). */
  flushMs?: number;
  /** Called after each imported batch. */
  onBatch?: (report: AisReport) => void;
}

/** Sentences imported at most in one batch; the socket pauses while a full batch is written. */
const MAX_BATCH = 5000;
/** NMEA sentences are 82 characters, tag blocks add some; a longer "line" is not a sentence. */
const MAX_LINE = 1024;
const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/** Key of the session advisory lock that elects the reader (any constant; "AIS" in ASCII). */
const FEED_LOCK = 0x414953;

/**
 * How many of the lines can be imported now: up to the last one that does not open or
 * continue a multi-part message still waiting for its last part, which stays for the next batch.
 */
export function completeLines(lines: string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /!AIVD[MO],(\d),(\d),/.exec(lines[i]);
    if (!m || m[1] === m[2]) return i + 1;
  }
  return 0;
}

/** Starts reading the feed; the returned handle stops it (closing the connection). */
export function startAisFeed(options: AisFeedOptions): AisFeed {
  const own = new AsyncResource('ais-feed');
  const flushMs = options.flushMs ?? 1000;
  let stopped = false;
  let socket: net.Socket | undefined;
  let lock: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let backoff = MIN_BACKOFF_MS;
  let failing = false;
  let lines: string[] = [];
  let carry = '';
  let importing: Promise<void> = Promise.resolve();

  const note = (line: string) => console.log(`[ais-feed] ${line}`);

  const flush = () => {
    const n = completeLines(lines);
    if (!n) return importing;
    const batch = lines.slice(0, n);
    lines = lines.slice(n);
    importing = importing
      .then(() => importAis(batch, { batchSize: MAX_BATCH }))
      .then((report) => options.onBatch?.(report))
      .catch((e: unknown) => console.error('[ais-feed] importing a batch failed:', e instanceof Error ? e.message : e))
      .finally(() => socket?.resume());
    return importing;
  };
  const ticker = setInterval(() => own.runInAsyncScope(flush), flushMs);

  const later = (what: () => void) => {
    if (stopped) return;
    clearTimeout(retry);
    const wait = backoff * (0.8 + Math.random() * 0.4);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    retry = setTimeout(() => own.runInAsyncScope(what), wait);
  };

  const connect = () => {
    if (stopped) return;
    const s = net.createConnection({ host: options.host, port: options.port });
    socket = s;
    s.setEncoding('latin1');
    s.setKeepAlive(true, 30_000);
    s.on('connect', () => {
      backoff = MIN_BACKOFF_MS;
      failing = false;
      note(`reading ${options.host}:${options.port}`);
    });
    s.on('data', (chunk: string) => {
      const parts = (carry + chunk).split(/\r?\n/);
      carry = parts.pop()!;
      if (carry.length > MAX_LINE) carry = '';
      for (const p of parts) if (p && p.length <= MAX_LINE) lines.push(p);
      if (lines.length >= MAX_BATCH) {
        s.pause();
        void flush();
      }
    });
    // 'close' follows every error; the error itself only says why.
    s.on('error', (e) => {
      if (!failing) note(`${options.host}:${options.port}: ${e.message}`);
    });
    s.on('close', () => {
      carry = '';
      if (stopped || socket !== s) return;
      if (!failing) note(`connection to ${options.host}:${options.port} closed; opening it again`);
      failing = true;
      later(connect);
    });
  };

  // On PostgreSQL, the lock's session stays open while this process reads the feed.
  const elect = async () => {
    if (!options.databaseUrl) return connect();
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [FEED_LOCK]);
      if (!rows[0].held || stopped) throw new Error('held elsewhere');
    } catch {
      await client.end().catch(() => undefined);
      // Another process reads the feed (or the database is away): look again later.
      return later(() => void elect());
    }
    lock = client;
    // The session lost (database restart): stop reading; the next holder of the lock reads.
    client.on('end', () => {
      if (stopped || lock !== client) return;
      lock = undefined;
      socket?.destroy();
      socket = undefined;
      later(() => void elect());
    });
    backoff = MIN_BACKOFF_MS;
    connect();
  };
  own.runInAsyncScope(() => void elect());

  return {
    stop: async () => {
      stopped = true;
      clearInterval(ticker);
      clearTimeout(retry);
      socket?.destroy();
      await flush();
      await lock?.end().catch(() => undefined);
    },
  };
}

/** Starts the feed AIS_FEED names, for this process's database; undefined when none is set. */
export function startConfiguredAisFeed(): AisFeed | undefined {
  const feed = env().aisFeed;
  return feed ? startAisFeed({ ...feed, databaseUrl: env().databaseUrl }) : undefined;
}
