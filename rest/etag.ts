import { createHash } from 'node:crypto';

/** The weak entity tag of an answer's JSON text: the same answer gives the same tag. */
export const etagOf = (body: string): string => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** The opaque part of a tag, so `W/"x"` and `"x"` compare equal (weak comparison, RFC 9110 8.8.3.2). */
const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether a conditional header (`If-Match`, `If-None-Match`: `*` or a list of tags) names the
 * current tag. Tags compare weakly, as every tag the API sends is weak.
 */
export function tagListMatches(header: string, current: string): boolean {
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || opaque(tag) === opaque(current);
  });
}
