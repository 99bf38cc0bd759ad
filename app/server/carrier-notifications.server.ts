// The bridge of carriers' pushed notifications (docs/tracking.md): not under /api, since no
// api-key travels with a carrier's push; the URL's token names the connection.
import { env } from '../../graph/env';
import { MAX_NOTIFICATION_BYTES, receiveNotification } from '../../graph/carriers/notifications';
import { readBytes } from '../../graph/limits/body';

/** The status of a refused notification body: too large, too slow, or broken off. */
const REFUSED = { tooLarge: 413, timeout: 408, tooDeep: 400, tooMany: 413, invalid: 400 } as const;

/** Answers one POSTed notification: 204, or an empty 400, 401, 404, 408 or 413. */
export async function handleCarrierNotification(request: Request, token: string): Promise<Response> {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  // The raw bytes, read by the one body reader (docs/limits.md, Request size): the signature is over them.
  const read = await readBytes(request, { maxBytes: MAX_NOTIFICATION_BYTES, deadlineMs: env().bodyTimeoutMs });
  if (!read.ok) return new Response(null, { status: REFUSED[read.problem], headers: { connection: 'close' } });
  return new Response(null, { status: await receiveNotification(token, read.bytes, request.headers.get('notification-signature')) });
}
