// Server entry: the only file that opens a port. It loads the Remix server build and
// hands it to the runtime bundled inside it (migrations, demo data, HTTP).
import { installGlobals } from '@remix-run/node';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

installGlobals({ nativeFetch: true });
// NOTE: the one write to the environment: the default mode must be set before React and the
// build load. Every read goes through graph/env.ts.
process.env.NODE_ENV ??= 'production';
try {
  const build = await import(pathToFileURL(path.resolve('build/index.js')).href);
  await build.entry.module.runtime.serve(build);
} catch (e) {
  // A bad setting (graph/env.ts) stops the start with the variables at fault, without a stack.
  if (e instanceof Error && e.name === 'EnvError') {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
