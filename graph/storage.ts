// Where document files live. The platform talks to a `DocumentStorage`; the local-disk
// implementation keeps files under env().documentsDir (DATA_DIR/documents by default). An
// S3-compatible store can implement the same three calls later.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { env } from './env.ts';

/** A stored file, ready to stream. */
export interface StoredFile {
  size: number;
  stream(): Readable;
}

export interface DocumentStorage {
  /** Stores the bytes of `source` under `key`, replacing any file there; all or nothing. */
  put(key: string, source: Readable): Promise<{ size: number }>;
  /** The file under `key`, or null. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key` (no error when it is missing). */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Files on the local disk under `root`; a key is a relative path without `..`. */
export class LocalDiskStorage implements DocumentStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, source: Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.${Date.now()}.part`;
    try {
      await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (e) {
      await rm(partial, { force: true });
      throw e;
    }
    return { size: (await stat(target)).size };
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    try {
      const { size } = await stat(file);
      return { size, stream: () => createReadStream(file) };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

let current: DocumentStorage | undefined;

/** The document storage of this process. */
export function storage(): DocumentStorage {
  current ??= new LocalDiskStorage(env().documentsDir);
  return current;
}

/** A file received in an upload, kept in a temporary file until the domain stores it. */
export class UploadHandle {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly size: number,
    readonly tempPath: string,
  ) {}

  stream(): Readable {
    return createReadStream(this.tempPath);
  }
}
