import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

// A route module that fails to download (the network dropped, or a new release replaced the
// assets) makes the router reload the page, which then loads the current assets
// (docs/docs-site.md, "Chrome"). The router reports it on the error console; it is a warning:
// nothing is lost and the reader lands on the page asked for.
const consoleError = console.error.bind(console);
let reloading = false;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('Error loading route module')) reloading = true;
  if (reloading) console.warn(...args);
  else consoleError(...args);
};

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
