// Server entry: the only file that opens a port. Plain JavaScript run by Node.js itself, with no
// TypeScript loader, so a start and each worker begin at once (docs/getting-started.md,
// "Starting"). The first process checks the settings and, in production, supervises the workers
// (build/primary.js); a serving process loads the Remix server build and hands it to the
// runtime bundled inside it (migrations, demo data, HTTP).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const load = (file) => import(pathToFileURL(path.resolve('build', file)).href);

// NOTE: the one write to the environment: the default mode must be set before the settings are
// read and React loads. Every read goes through graph/env.ts.
process.env.NODE_ENV ??= 'production';
try {
  const { supervised } = await load('primary.js');
  if (!(await supervised())) {
    // NOTE: no `installGlobals`: every Node.js the project supports (package.json "engines") has
    // fetch, Request, Response, Headers, FormData and File of its own, and installing the undici
    // package's copies over them only cost the start the time to load it.
    const build = await load('index.js');
    await build.entry.module.runtime.serve(build);
  }
} catch (e) {
  // A bad setting (graph/env.ts) stops the start with the variables at fault, without a stack.
  if (e instanceof Error && e.name === 'EnvError') {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
