// The bridge of carriers' pushed notifications (docs/tracking.md): not under /api, since no
// api-key travels with a carrier's push; the URL's token names the connection.
import { MAX_NOTIFICATION_BYTES, receiveNotification } from '../../graph/carriers/notifications';

/** Reads at most MAX_NOTIFICATION_BYTES of the body; null when it is larger. */
async function readBounded(request: Request): Promise<Buffer | null> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_NOTIFICATION_BYTES) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_NOTIFICATION_BYTES) return null;
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** Answers one POSTed notification: 204, or an empty 400, 401, 404 or 413. */
export async function handleCarrierNotification(request: Request, token: string): Promise<Response> {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  const body = await readBounded(request);
  if (!body) return new Response(null, { status: 413 });
  return new Response(null, { status: await receiveNotification(token, body, request.headers.get('notification-signature')) });
}
