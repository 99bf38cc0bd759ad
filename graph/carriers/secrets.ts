// Carrier credentials at rest (docs/tracking.md, Settings): AES-256-GCM with a key from
// CARRIER_SECRETS_KEY, or, on the embedded database without it, a key generated on first use
// into DATA_DIR/carrier-secrets.key (0600). Production on PostgreSQL must set the key
// (graph/env.ts refuses to start without it). Values are never logged.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '../env.ts';

const VERSION = 'v1';
let cachedKey: Buffer | undefined;

/** The encryption key of this process: the setting, or the data folder's key file (made when missing). */
function key(): Buffer {
  if (cachedKey) return cachedKey;
  const configured = env().carrierSecretsKey;
  if (configured) return (cachedKey = configured);
  const file = path.join(env().dataDir, 'carrier-secrets.key');
  if (!existsSync(file)) {
    mkdirSync(env().dataDir, { recursive: true });
    // `wx`: two processes starting at once cannot both write a key; the loser reads the winner's.
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const read = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (read.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return (cachedKey = read);
}

/** Encrypts a secret: `v1.<iv>.<tag>.<ciphertext>`, each part base64. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.');
}

/** Decrypts what encryptSecret made; throws when the key is not the one it was made with. */
export function decryptSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('unreadable stored secret');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
