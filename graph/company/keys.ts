// Making, revoking and rotating API keys (docs/authentication.md, Managing keys; docs/security.md,
// Revoking and rotating keys): for the company's admin keys through the API, and for the admin
// command and the operator endpoints. A change takes effect at once in the process that makes
// it and within the key cache's lifetime (5 seconds) in the others.
import { prisma } from '../db.ts';
import { FieldErrors, InvalidTransitionError, NotFoundError, fieldMessages, formatFieldMessage } from '../errors.ts';
import { lockKeys } from '../database/locks.ts';
import { write, type Tx } from '../database/transaction.ts';
import { forgetKey, newApiKey, prefixOf } from './auth.ts';
import { normalizedScopes, type Scope } from './scopes.ts';

/** Bounds of key management (docs/authentication.md, Managing keys). */
export const keyLimits = {
  /** Keys of a company that work at once (neither revoked nor expired). */
  liveKeys: 50,
  /** Characters of a key's name. */
  nameLength: 100,
  /** How far ahead an expiry may be: two years. */
  expiresWithinMs: 2 * 365 * 24 * 60 * 60 * 1000,
  /** The longest overlap of a rotation: seven days, in seconds. */
  overlapSeconds: 7 * 24 * 60 * 60,
} as const;

/** What an operator sees of a key: never its secret. */
export interface KeyInfo {
  prefix: string;
  company_id: number;
  label: string | null;
  scopes: string[];
  inserted_at: Date;
  expires_at: Date | null;
  rotated_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const info = {
  prefix: true,
  company_id: true,
  label: true,
  scopes: true,
  inserted_at: true,
  expires_at: true,
  rotated_at: true,
  last_used_at: true,
  revoked_at: true,
} as const;

/** A key as written, with the key itself: shown this once. */
export interface MadeKey {
  prefix: string;
  key: string;
}

/** A key as sent to be made. */
export interface KeyParams {
  name?: string | null;
  scopes?: readonly string[] | null;
  expires_at?: Date | null;
}

/** Whether a key works now: not revoked and not past its expiry. */
const liveWhere = (now: Date) => ({ revoked_at: null, OR: [{ expires_at: null }, { expires_at: { gt: now } }] });

/** The key of this prefix (or full key), or NotFound. */
export async function keyInfo(keyOrPrefix: string): Promise<KeyInfo> {
  const prefix = prefixOf(keyOrPrefix);
  const row = prefix ? await prisma().apiKey.findUnique({ where: { prefix }, select: info }) : null;
  if (!row) throw new NotFoundError();
  return row;
}

/** The key of `prefix` when it belongs to the company (another company's key answers 404 like a missing one). */
export async function companyKey(companyId: number, prefix: string): Promise<KeyInfo> {
  const row = await keyInfo(prefix);
  if (row.company_id !== companyId) throw new NotFoundError();
  return row;
}

/** An expiry within its bounds (in the future, at most two years ahead), or the problem added to `errors`. */
function checkExpiry(expiresAt: Date | null | undefined, errors: FieldErrors, field: string): void {
  if (!expiresAt) return;
  const ms = expiresAt.getTime() - Date.now();
  if (ms <= 0 || ms > keyLimits.expiresWithinMs) errors.add(field, fieldMessages.outOfRange);
}

/** Checks a key to make; throws 422 with every problem. Answers the name and scopes to store. */
function checkParams(params: KeyParams): { name: string; scopes: Scope[] } {
  const errors = new FieldErrors();
  const name = params.name?.trim() ?? '';
  if (!name) errors.add('name', fieldMessages.blank);
  else if (name.length > keyLimits.nameLength) errors.add('name', formatFieldMessage('tooLong', keyLimits.nameLength));
  const scopes = normalizedScopes(params.scopes ?? []);
  if (!scopes.length) errors.add('scopes', fieldMessages.blank);
  checkExpiry(params.expires_at, errors, 'expires_at');
  errors.throwIfAny();
  return { name, scopes };
}

/**
 * Inserts a key of the company, within the bound of live keys; the company's key writes run one
 * after the other (a lock per company), so concurrent creates cannot pass the bound together.
 */
async function insertKey(db: Tx, companyId: number, data: { name: string | null; scopes: string[]; expires_at: Date | null }): Promise<MadeKey> {
  await lockKeys(db, companyId, 'api_key', ['keys']);
  const live = await db.apiKey.count({ where: { company_id: companyId, ...liveWhere(new Date()) } });
  if (live >= keyLimits.liveKeys) throw new InvalidTransitionError('keys', formatFieldMessage('tooMany', keyLimits.liveKeys));
  const { prefix, key, secretHash } = newApiKey();
  await db.apiKey.create({
    data: { company_id: companyId, prefix, secret_hash: new Uint8Array(secretHash), label: data.name, scopes: data.scopes, expires_at: data.expires_at },
  });
  return { prefix, key };
}

/** Makes a key of the company (the admin command and `POST /api/keys`); the key is answered this once. */
export async function createKey(companyId: number, params: KeyParams): Promise<MadeKey> {
  const { name, scopes } = checkParams(params);
  return write((db) => insertKey(db, companyId, { name, scopes, expires_at: params.expires_at ?? null }));
}

/** Revokes a key: every call with it answers 401 from now on. Revoking twice keeps the first time. */
export async function revokeKey(keyOrPrefix: string): Promise<KeyInfo> {
  const { prefix } = await keyInfo(keyOrPrefix);
  await prisma().apiKey.updateMany({ where: { prefix, revoked_at: null }, data: { revoked_at: new Date() } });
  forgetKey(prefix);
  return keyInfo(prefix);
}

/** What a rotation takes: how long the old key keeps working, and an expiry for the new key. */
export interface RotationParams {
  overlap_seconds?: number | null;
  expires_at?: Date | null;
}

/** Checks a rotation's parameters; throws 422 with every problem. Answers the overlap in seconds. */
export function checkRotation(params: RotationParams): number {
  const errors = new FieldErrors();
  const overlap = params.overlap_seconds;
  if (overlap === undefined || overlap === null) errors.add('overlap_seconds', fieldMessages.blank);
  else if (!Number.isInteger(overlap) || overlap < 0 || overlap > keyLimits.overlapSeconds) errors.add('overlap_seconds', fieldMessages.outOfRange);
  checkExpiry(params.expires_at, errors, 'expires_at');
  errors.throwIfAny();
  return overlap!;
}

/**
 * Replaces a live key with a new one of the same company, name and scopes, in one transaction;
 * the new key (shown once) works at once. With no overlap the old key is revoked; otherwise it
 * keeps working until now + overlap (or its own earlier expiry), then answers 401. A revoked or
 * expired key answers 404; a key already rotated, 422 (its replacement exists).
 */
export async function rotateKey(keyOrPrefix: string, overlapSeconds = 0, newExpiry: Date | null = null, companyId?: number): Promise<{ made: MadeKey; old: KeyInfo }> {
  const old = companyId === undefined ? await keyInfo(keyOrPrefix) : await companyKey(companyId, keyOrPrefix);
  const now = new Date();
  const made = await write(async (db) => {
    await lockKeys(db, old.company_id, 'api_key', ['keys']);
    const current = await db.apiKey.findFirst({ where: { prefix: old.prefix, ...liveWhere(now) }, select: { rotated_at: true, expires_at: true } });
    if (!current) throw new NotFoundError();
    if (current.rotated_at) throw new InvalidTransitionError('prefix');
    const until = new Date(now.getTime() + overlapSeconds * 1000);
    await db.apiKey.update({
      where: { prefix: old.prefix },
      data: overlapSeconds === 0 ? { rotated_at: now, revoked_at: now } : { rotated_at: now, expires_at: current.expires_at && current.expires_at < until ? current.expires_at : until },
    });
    // The replacement takes the old key's place among the live keys: the bound counts it once
    // the old key stops, so a company at the bound can still rotate.
    const { prefix, key, secretHash } = newApiKey();
    await db.apiKey.create({
      data: { company_id: old.company_id, prefix, secret_hash: new Uint8Array(secretHash), label: old.label, scopes: old.scopes, expires_at: newExpiry },
    });
    return { prefix, key };
  });
  forgetKey(old.prefix);
  return { made, old: await keyInfo(old.prefix) };
}
