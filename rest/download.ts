// A download route's answer: the stored file of a document, streamed as an attachment
// (docs/security.md, Downloads).
import { storedFileKey } from '../graph/process/documents.ts';
import type { Locale } from '../graph/context.ts';
import { storage } from '../graph/storage.ts';
import { errorResponse } from './errors.ts';
import { fail, type RestAnswer } from './reply.ts';

/** What a download route's root field answers: the document whose file is sent. */
export type StoredFileRef = { document_id: number; content_type: string; original_filename: string };

/**
 * Types a browser may show as they are (docs/security.md, Downloads); anything else, HTML and
 * SVG among them, is answered as application/octet-stream so it never runs on this origin.
 */
const SAFE_DOWNLOAD_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain', 'text/csv']);

/** A document's file, always as an attachment, with its type only when that type is safe. */
export async function fileResponse(ref: StoredFileRef, companyId: number, locale: Locale): Promise<RestAnswer> {
  const key = await storedFileKey(companyId, ref.document_id);
  const file = key ? await storage().get(key) : null;
  if (!file) return fail(404, errorResponse('NOT_FOUND', locale).body);
  const ascii = ref.original_filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const type = ref.content_type.split(';')[0].trim().toLowerCase();
  return {
    status: 200,
    body: file.stream(),
    headers: {
      'content-type': SAFE_DOWNLOAD_TYPES.has(type) ? type : 'application/octet-stream',
      'content-length': String(file.size),
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(ref.original_filename)}`,
    },
  };
}
