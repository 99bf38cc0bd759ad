import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { prisma } from './db.ts';

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

/** The company an API key belongs to, or null for a missing, unknown, malformed or revoked key. */
export async function authenticate(key: string | null | undefined): Promise<{ id: number; name: string } | null> {
  const match = key ? KEY_PATTERN.exec(key.trim()) : null;
  if (!match) return null;
  const row = await prisma().apiKey.findUnique({
    where: { prefix: match[1] },
    select: { secret_hash: true, revoked_at: true, company: { select: { id: true, name: true } } },
  });
  if (!row || row.revoked_at) return null;
  const given = hash(match[2]);
  const stored = Buffer.from(row.secret_hash);
  // Constant-time comparison of the hashes.
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  return row.company;
}
