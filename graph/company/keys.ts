// Revoking and rotating API keys (docs/security.md, Revoking and rotating keys), for the admin
// command and the operator endpoints. A change takes effect at once in the process that makes
// it and within the key cache's lifetime in the others.
import { prisma } from '../db.ts';
import { NotFoundError } from '../errors.ts';
import { write } from '../kit/transaction.ts';
import { forgetKey, newApiKey, prefixOf } from './auth.ts';

/** What an operator sees of a key: never its secret. */
export interface KeyInfo {
  prefix: string;
  company_id: number;
  label: string | null;
  inserted_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const info = { prefix: true, company_id: true, label: true, inserted_at: true, last_used_at: true, revoked_at: true } as const;

/** The key of this prefix (or full key), or NotFound. */
export async function keyInfo(keyOrPrefix: string): Promise<KeyInfo> {
  const prefix = prefixOf(keyOrPrefix);
  const row = prefix ? await prisma().apiKey.findUnique({ where: { prefix }, select: info }) : null;
  if (!row) throw new NotFoundError();
  return row;
}

/** Revokes a key: every call with it answers 401 from now on. Revoking twice keeps the first time. */
export async function revokeKey(keyOrPrefix: string): Promise<KeyInfo> {
  const { prefix } = await keyInfo(keyOrPrefix);
  await prisma().apiKey.updateMany({ where: { prefix, revoked_at: null }, data: { revoked_at: new Date() } });
  forgetKey(prefix);
  return keyInfo(prefix);
}

/**
 * Replaces a live key with a new one of the same company and label, in one transaction: the
 * old key is revoked and the new one (shown once) works at once. A revoked key cannot be rotated.
 */
export async function rotateKey(keyOrPrefix: string): Promise<{ api_key: string; revoked: KeyInfo }> {
  const old = await keyInfo(keyOrPrefix);
  const { prefix, key, secretHash } = newApiKey();
  await write(async (db) => {
    const { count } = await db.apiKey.updateMany({ where: { prefix: old.prefix, revoked_at: null }, data: { revoked_at: new Date() } });
    if (count === 0) throw new NotFoundError();
    await db.apiKey.create({ data: { company_id: old.company_id, prefix, secret_hash: new Uint8Array(secretHash), label: old.label } });
  });
  forgetKey(old.prefix);
  return { api_key: key, revoked: await keyInfo(old.prefix) };
}
