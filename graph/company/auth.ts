import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { prisma } from '../db.ts';
import { sqlCounter } from '../../prisma/database.ts';

const KEY_PATTERN = /^tt_([a-z0-9]{12})_([A-Za-z0-9_-]{32,64})$/;

function hash(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/** A new random API key: its public prefix, the full key (shown once) and the hash to store. */
export function newApiKey(): { prefix: string; key: string; secretHash: Buffer } {
  const prefix = randomBytes(9).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0').slice(0, 12);
  const secret = randomBytes(32).toString('base64url');
  return { prefix, key: `tt_${prefix}_${secret}`, secretHash: hash(secret) };
}

type KeyRow = { secret_hash: Uint8Array; company: { id: number; name: string } };

// NOTE: key rows are cached for a short while so a request does not pay a database round
// trip to authenticate. A key revoked or rotated by this process stops working at once
// (`forgetKey`); by another process (another server, the admin command), within
// KEY_CACHE_TTL (docs/security.md).
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
    select: { secret_hash: true, revoked_at: true, company: { select: { id: true, name: true } } },
  });
  const usable = row && !row.revoked_at ? { secret_hash: row.secret_hash, company: row.company } : null;
  // Unknown prefixes are remembered briefly too, so guessing keys cannot hammer the database.
  keys.set(prefix, usable ?? false);
  return usable;
}

/** The company an API key belongs to, or null for a missing, unknown, malformed or revoked key. */
export async function authenticate(key: string | null | undefined): Promise<{ id: number; name: string } | null> {
  const match = key ? KEY_PATTERN.exec(key.trim()) : null;
  if (!match) return null;
  const row = await keyRow(match[1]);
  if (!row) return null;
  const given = hash(match[2]);
  const stored = Buffer.from(row.secret_hash);
  // Constant-time comparison of the hashes.
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  noteUse(match[1]);
  return row.company;
}
