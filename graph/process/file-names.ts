// A document's file name as stored and sent back in the download's Content-Disposition
// (docs/limits.md, "Request size"; docs/security.md, "Downloads"). A client chooses the
// name, so it is cut and cleaned once, at upload, rather than trusted by every reader.

/** Longest stored file name, in characters (Unicode code points), the extension included. */
export const FILE_NAME_MAX = 255;
/** Longest extension kept when a name is cut (the dot included): `.pdf`, `.xlsx`, `.jpeg`. */
const EXTENSION_MAX = 16;
/** The name of a file whose own name cleans away to nothing. */
const FALLBACK = 'file';

/**
 * Control characters, and the invisible ones that reorder or split the text a reader sees
 * (`invoice\u202Efdp.exe` shows as `invoiceexe.pdf`): bidirectional marks, embeddings,
 * overrides and isolates, and the line and paragraph separators.
 */
const HIDDEN = /[\p{Cc}\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]+/gu;

/**
 * The file name as stored: the last segment of a path (after `/` or `\`), each run of control
 * or bidirectional characters replaced by `_`, surrounding spaces and leading dots removed,
 * `file` when nothing is left, and cut to FILE_NAME_MAX characters keeping the extension.
 */
export function storedFileName(sent: string): string {
  const segment = sent.split(/[/\\]/).pop() ?? '';
  const cleaned = segment.replace(HIDDEN, '_').trim().replace(/^[.\s]+/, '') || FALLBACK;
  const chars = Array.from(cleaned);
  if (chars.length <= FILE_NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  const kept = extension.length > 1 && extension.length <= EXTENSION_MAX && !/\s/u.test(extension.join('')) ? extension : [];
  return chars.slice(0, FILE_NAME_MAX - kept.length).join('').trimEnd() + kept.join('');
}
