// Reads a multipart/form-data request for a route flagged `multipart`: text fields become
// the `params` object and each file part an UploadHandle kept in a temporary file. A file
// over the size limit, a text field over its limit, or more parts than allowed is refused
// with 413 and nothing of it is kept; nothing is ever truncated (docs/limits.md).
import busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fieldMessages, type FieldError } from '../graph/errors.ts';
import { UploadHandle } from '../graph/storage.ts';

/** Limits of a multipart request (docs/limits.md). */
export const multipartLimits = { files: 5, fields: 50, fieldBytes: 64 * 1024 } as const;

export type MultipartRead =
  | { ok: true; params: Record<string, unknown>; cleanup: () => Promise<void> }
  | { ok: false; tooLarge?: boolean; fields?: FieldError[] };

/** Parses the form; the caller must run `cleanup` once the request is answered. */
export async function readMultipart(request: Request, maxFileBytes: number): Promise<MultipartRead> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) return { ok: false, fields: [{ name: 'params', message: fieldMessages.invalid }] };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tt-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const params: Record<string, unknown> = {};
  const tooLarge = new Set<string>();
  try {
    await new Promise<void>((resolve, reject) => {
      const bb = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        // One byte over the limit trips it, so a file of exactly the limit is accepted.
        limits: { fileSize: maxFileBytes + 1, files: multipartLimits.files, fields: multipartLimits.fields, fieldSize: multipartLimits.fieldBytes },
      });
      const writes: Promise<void>[] = [];
      bb.on('field', (name, value, info) => {
        if (info.valueTruncated || info.nameTruncated) tooLarge.add(name);
        else params[name] = value;
      });
      bb.on('filesLimit', () => tooLarge.add('files'));
      bb.on('fieldsLimit', () => tooLarge.add('fields'));
      bb.on('partsLimit', () => tooLarge.add('parts'));
      bb.on('file', (name, stream, info) => {
        const target = path.join(dir, `part-${writes.length}`);
        let size = 0;
        stream.on('data', (chunk: Buffer) => (size += chunk.length));
        stream.on('limit', () => tooLarge.add(name));
        writes.push(
          pipeline(stream, createWriteStream(target)).then(async () => {
            if (tooLarge.has(name)) await rm(target, { force: true });
            else params[name] = new UploadHandle(info.filename || 'file', info.mimeType || 'application/octet-stream', size, target);
          }),
        );
      });
      bb.on('close', () => Promise.all(writes).then(() => resolve(), reject));
      bb.on('error', reject);
      // The DOM library's ReadableStream type (the Fetch Request's body) lacks the async iteration
      // node:stream/web's declares; the value is Node's own web stream, which has it.
      Readable.fromWeb(request.body as unknown as WebReadableStream).on('error', reject).pipe(bb);
    });
  } catch {
    await cleanup();
    return { ok: false };
  }
  if (tooLarge.size) {
    await cleanup();
    return { ok: false, tooLarge: true, fields: [...tooLarge].map((name) => ({ name, message: fieldMessages.tooLarge })) };
  }
  return { ok: true, params, cleanup };
}
