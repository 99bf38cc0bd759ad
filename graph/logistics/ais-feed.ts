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

const note = (line: string) => console.log(`[ais-feed] ${line}`);

/**
 * One reader of the feed: elected (on PostgreSQL), connected, its lines gathered and imported
 * in batches, connected again after a loss. Every callback runs in the reader's own async
 * context, whatever request started it.
 */
class FeedReader {
  private readonly own = new AsyncResource('ais-feed');
  private readonly options: AisFeedOptions;
  private readonly ticker: NodeJS.Timeout;
  private stopped = false;
  private socket: net.Socket | undefined;
  private lock: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private backoff = MIN_BACKOFF_MS;
  private failing = false;
  private lines: string[] = [];
  private carry = '';
  private importing: Promise<void> = Promise.resolve();

  constructor(options: AisFeedOptions) {
    this.options = options;
    this.ticker = setInterval(() => this.own.runInAsyncScope(() => this.flush()), options.flushMs ?? 1000);
    this.own.runInAsyncScope(() => void this.elect());
  }

  /** Imports the complete lines gathered, after the batch before; the socket reads on once it is done. */
  private flush(): Promise<void> {
    const n = completeLines(this.lines);
    if (!n) return this.importing;
    const batch = this.lines.slice(0, n);
    this.lines = this.lines.slice(n);
    this.importing = this.importing
      .then(() => importAis(batch, { batchSize: MAX_BATCH }))
      .then((report) => this.options.onBatch?.(report))
      .catch((e: unknown) => console.error('[ais-feed] importing a batch failed:', e instanceof Error ? e.message : e))
      .finally(() => this.socket?.resume());
    return this.importing;
  }

  /** Runs `what` after the backoff wait, which doubles each time (with some jitter). */
  private later(what: () => void): void {
    if (this.stopped) return;
    clearTimeout(this.retry);
    const wait = this.backoff * (0.8 + Math.random() * 0.4);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    this.retry = setTimeout(() => this.own.runInAsyncScope(what), wait);
  }

  private connect(): void {
    if (this.stopped) return;
    const { host, port } = this.options;
    const s = net.createConnection({ host, port });
    this.socket = s;
    s.setEncoding('latin1');
    s.setKeepAlive(true, 30_000);
    s.on('connect', () => {
      this.backoff = MIN_BACKOFF_MS;
      this.failing = false;
      note(`reading ${host}:${port}`);
    });
    s.on('data', (chunk: string) => this.read(s, chunk));
    // 'close' follows every error; the error itself only says why.
    s.on('error', (e) => {
      if (!this.failing) note(`${host}:${port}: ${e.message}`);
    });
    s.on('close', () => this.closed(s));
  }

  /** Gathers the lines of a chunk (a line too long to be a sentence is dropped); a full batch pauses the socket until it is imported. */
  private read(s: net.Socket, chunk: string): void {
    const parts = (this.carry + chunk).split(/\r?\n/);
    this.carry = parts.pop()!;
    if (this.carry.length > MAX_LINE) this.carry = '';
    for (const p of parts) if (p && p.length <= MAX_LINE) this.lines.push(p);
    if (this.lines.length >= MAX_BATCH) {
      s.pause();
      void this.flush();
    }
  }

  private closed(s: net.Socket): void {
    this.carry = '';
    if (this.stopped || this.socket !== s) return;
    if (!this.failing) note(`connection to ${this.options.host}:${this.options.port} closed; opening it again`);
    this.failing = true;
    this.later(() => this.connect());
  }

  // On PostgreSQL, the lock's session stays open while this process reads the feed.
  private async elect(): Promise<void> {
    if (!this.options.databaseUrl) return this.connect();
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [FEED_LOCK]);
      if (!rows[0].held || this.stopped) throw new Error('held elsewhere');
    } catch {
      await client.end().catch(() => undefined);
      // Another process reads the feed (or the database is away): look again later.
      return this.later(() => void this.elect());
    }
    this.lock = client;
    client.on('end', () => this.lockLost(client));
    this.backoff = MIN_BACKOFF_MS;
    this.connect();
  }

  /** The session lost (database restart): stop reading; the next holder of the lock reads. */
  private lockLost(client: pg.Client): void {
    if (this.stopped || this.lock !== client) return;
    this.lock = undefined;
    this.socket?.destroy();
    this.socket = undefined;
    this.later(() => void this.elect());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.ticker);
    clearTimeout(this.retry);
    this.socket?.destroy();
    await this.flush();
    await this.lock?.end().catch(() => undefined);
  }
}

/** Starts reading the feed; the returned handle stops it (closing the connection). */
export function startAisFeed(options: AisFeedOptions): AisFeed {
  const reader = new FeedReader(options);
  return { stop: () => reader.stop() };
}

/** Starts the feed AIS_FEED names, for this process's database; undefined when none is set. */
export function startConfiguredAisFeed(): AisFeed | undefined {
  const feed = env().aisFeed;
  return feed ? startAisFeed({ ...feed, databaseUrl: env().databaseUrl }) : undefined;
}
