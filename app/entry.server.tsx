import { PassThrough } from 'node:stream';
import type { EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';

// NOTE: the server entry script reaches the bundled domain through this export, so the
// server process holds one copy of each module (one Prisma client, one embedded database).
export { runtime } from './server/runtime.server';

const ABORT_DELAY = 5_000;

/**
 * The routes whose data carries the page's HTML as `html`: the documentation pages
 * (app/routes/$.tsx; the introduction's is the same route) and the API reference's first
 * operation (app/routes/api._index.tsx).
 */
const DOC_PAGE_ROUTES = ['routes/$', 'routes/_index', 'routes/api._index'];

/** Escapes what the page's script element may not hold, as Remix escapes its own handoff. */
const escapeForScript = (json: string) =>
  json.replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A documentation page's HTML is sent once, in the page: Remix would also repeat it in the data
 * its scripts hydrate from, doubling the HTML (docs/docs-site.md, "Fast pages": none over
 * 500 KB). The page's component takes it from the document when it hydrates (app/routes/$.tsx,
 * app/routes/api._index.tsx).
 */
function withoutRepeatedPage(context: EntryContext): EntryContext {
  const served = DOC_PAGE_ROUTES.filter((id) => typeof (context.staticHandlerContext.loaderData[id] as { html?: unknown } | undefined)?.html === 'string');
  if (!context.serverHandoffString || served.length === 0) return context;
  const handoff = JSON.parse(context.serverHandoffString) as { state?: { loaderData?: Record<string, { html?: string | null } | undefined> } };
  for (const id of served) {
    const data = handoff.state?.loaderData?.[id];
    if (data) data.html = null;
  }
  return { ...context, serverHandoffString: escapeForScript(JSON.stringify(handoff)) };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const bot = isbot(request.headers.get('user-agent') ?? '');
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={withoutRepeatedPage(remixContext)} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        [bot ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error instanceof Error ? error.message : error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
