import { redocBundle } from '~/server/assets.server';

/** Redoc's browser bundle, served from the installed package (no CDN). */
export const loader = () =>
  new Response(new Uint8Array(redocBundle()), {
    headers: { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
