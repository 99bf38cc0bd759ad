import path from 'node:path';

/** Settings read once from the environment at start-up. */
export interface Env {
  port: number;
  databaseUrl?: string;
  dataDir: string;
  documentsDir: string;
  production: boolean;
  adminToken?: string;
  maxUploadBytes: number;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

let cached: Env | undefined;

/** The validated environment (see .env.example for every variable). */
export function env(): Env {
  if (cached) return cached;
  const url = process.env.DATABASE_URL?.trim() || undefined;
  if (url && !/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must be a postgresql:// URL');
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  cached = {
    port: positiveInt('PORT', 3000),
    databaseUrl: url,
    dataDir,
    documentsDir: path.resolve(process.env.DOCUMENTS_DIR || path.join(dataDir, 'documents')),
    production: process.env.NODE_ENV === 'production',
    adminToken: process.env.ADMIN_TOKEN || undefined,
    maxUploadBytes: positiveInt('MAX_UPLOAD_BYTES', 25 * 1024 * 1024),
  };
  return cached;
}
