import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { prisma } from '../db.ts';
import { sqlCounter } from '../../prisma/database.ts';

const KEY_PATTERN = /^tt_([a-z0-9]{12})_([A-Za-z0-9_-]{32,64})$/;

function hash(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/**
 * A new random API key: its public prefix, the full key (shown once) and the hash to store.
 * The prefix joins this process's known prefixes at once, so the key works here as soon as
 * its row is committed (should the row never be written, the prefix merely costs a lookup).
 */
export function newApiKey(): { prefix: string; key: string; secretHash: Buffer } {
  const prefix = randomBytes(9).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0').slice(0, 12);
  const secret = randomBytes(32).toString('base64url');
  known?.add(prefix);
  return { prefix, key: `tt_${prefix}_${secret}`, secretHash: hash(secret) };
}

// NOTE: every process keeps the prefixes of all keys in memory (about 60 bytes each; keys are
// revoked, never deleted), so a key whose prefix does not exist answers 401 without a database
// lookup (docs/security.md, API keys). The set is loaded once, then completed by one query at
// a time, at most one a second, of the keys added since the last full load: a prefix not in
// the set waits for the next such query before it is refused, so a key made by another process
// (another server, the admin command) works from its first call, and a flood of made-up
// prefixes costs the database one query a second, not one each. A full load every ten minutes
// keeps that query short.
const REFRESH_EVERY = 1_000;
const RELOAD_EVERY = 10 * 60_000;
/** Keys whose insert is older than this are committed by the time a load reads (transactions are short). */
const SETTLED_AFTER = 60_000;
let known: Set<string> | undefined;
/** Every key with a higher id is read again by each query until the next full load. */
let loadedUpTo = 0;
let loadedAt = 0;
/** When the last finished query started: keys committed before then are in `known`. */
let refreshedAt = 0;
let refreshing: Promise<void> | undefined;

async function refresh(): Promise<void> {
  const wait = refreshedAt + REFRESH_EVERY - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const startedAt = Date.now();
  const full = !known || startedAt - loadedAt > RELOAD_EVERY;
  const rows = await prisma().apiKey.findMany({
    where: full ? {} : { id: { gt: loadedUpTo } },
    select: { id: true, prefix: true, inserted_at: true },
  });
  known ??= new Set();
  for (const row of rows) known.add(row.prefix);
  if (full) {
    // NOTE: ids are taken before commit, so a key committed late can have a lower id than one
    // already read; only ids of keys settled for a minute move the floor past them.
    const settled = rows.filter((row) => row.inserted_at.getTime() < startedAt - SETTLED_AFTER);
    loadedUpTo = settled.reduce((max, row) => Math.max(max, row.id), 0);
    loadedAt = startedAt;
  }
  refreshedAt = startedAt;
}

/** Whether the prefix of a key (or the prefix given) is one of the keys this process knows of, without waiting. */
export function isKnownPrefix(keyOrPrefix: string): boolean {
  const prefix = prefixOf(keyOrPrefix);
  return prefix !== null && known?.has(prefix) === true;
}

/** Loads the known prefixes ahead of the first call (at start), so no request pays for it. */
export async function loadKeyPrefixes(): Promise<void> {
  if (!known) await mayExist('');
}

/** Whether a key of `prefix` may exist: known here, or found by a query started after this call. */
async function mayExist(prefix: string): Promise<boolean> {
  if (known?.has(prefix)) return true;
  const askedAt = Date.now();
  // One query at a time: calls that come while one runs wait for it, then for the next if the
  // one they waited for started before they came.
  while (refreshedAt < askedAt || !known) {
    refreshing ??= refresh().finally(() => (refreshing = undefined));
    await refreshing;
  }
  return known.has(prefix);
}

/** What authenticates a call: the key's company, its scopes and until when it works. */
type KeyRow = { secret_hash: Uint8Array; company: { id: number; name: string }; scopes: string[]; expires_at: Date | null; registered_documents_only: boolean };

/** The key a call was made with, once authenticated: its company, prefix and scopes. */
export interface CallerKey {
  company: { id: number; name: string };
  prefix: string;
  scopes: string[];
  /** Only documents registered for the company run with this key (graph/persisted.ts). */
  registeredDocumentsOnly: boolean;
}

// NOTE: key rows are cached for a short while so a request does not pay a database round
// trip to authenticate. A key revoked or rotated by this process stops working at once
// (`forgetKey`); by another process (another server, the admin command), within
// KEY_CACHE_TTL (docs/security.md). An expiry is read with the row and checked on every call,
// so a key stops at its `expires_at` to the millisecond, wherever the expiry was set, once
// the row read carries it: within KEY_CACHE_TTL of the write that set it.
export const KEY_CACHE_TTL = 5_000;
const keys = new LRUCache<string, KeyRow | false>({ max: 10_000, ttl: KEY_CACHE_TTL });

/** Drops a key from this process's cache, so a change to it counts from the next call. */
export function forgetKey(prefix: string): void {
  keys.delete(prefix);
}

/** The prefix of a key (`tt_<prefix>_<secret>`), or the prefix itself when that is what is given. */
export function prefixOf(keyOrPrefix: string): string | null {
  const value = keyOrPrefix.trim();
  return KEY_PATTERN.exec(value)?.[1] ?? (/^[a-z0-9]{12}$/.test(value) ? value : null);
}

// `last_used_at` is written at most once a minute per key and process, off the request's path.
const LAST_USED_EVERY = 60_000;
const lastWritten = new LRUCache<string, true>({ max: 10_000, ttl: LAST_USED_EVERY });
function noteUse(prefix: string): void {
  if (lastWritten.has(prefix)) return;
  lastWritten.set(prefix, true);
  // Outside the request's statement count (SQL_STATS): the request does not wait for this write.
  sqlCounter.exit(() =>
    prisma()
      .apiKey.update({ where: { prefix }, data: { last_used_at: new Date() }, select: { id: true } })
      .catch(() => lastWritten.delete(prefix)),
  );
}

async function keyRow(prefix: string): Promise<KeyRow | null> {
  const cached = keys.get(prefix);
  if (cached !== undefined) return cached || null;
  const row = await prisma().apiKey.findUnique({
    where: { prefix },
    select: { secret_hash: true, revoked_at: true, scopes: true, expires_at: true, registered_documents_only: true, company: { select: { id: true, name: true } } },
  });
  const usable = row && !row.revoked_at ? { secret_hash: row.secret_hash, company: row.company, scopes: row.scopes, expires_at: row.expires_at, registered_documents_only: row.registered_documents_only } : null;
  // A missing or revoked key is remembered briefly too (mayExist turns away made-up prefixes first).
  keys.set(prefix, usable ?? false);
  return usable;
}

/** The key a call sends, or null for a missing, unknown, malformed, revoked or expired key. */
export async function authenticateKey(key: string | null | undefined): Promise<CallerKey | null> {
  const match = key ? KEY_PATTERN.exec(key.trim()) : null;
  if (!match || !(await mayExist(match[1]))) return null;
  const row = await keyRow(match[1]);
  if (!row || (row.expires_at && row.expires_at.getTime() <= Date.now())) return null;
  const given = hash(match[2]);
  const stored = Buffer.from(row.secret_hash);
  // Constant-time comparison of the hashes.
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  noteUse(match[1]);
  return { company: row.company, prefix: match[1], scopes: row.scopes, registeredDocumentsOnly: row.registered_documents_only };
}

/** The company an API key belongs to, or null for a missing, unknown, malformed, revoked or expired key. */
export async function authenticate(key: string | null | undefined): Promise<{ id: number; name: string } | null> {
  return (await authenticateKey(key))?.company ?? null;
}
