// Server entry: the only file that opens a port. It loads the Remix server build and
// hands it to the runtime bundled inside it (migrations, demo data, HTTP).
import { installGlobals } from '@remix-run/node';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

installGlobals({ nativeFetch: true });
process.env.NODE_ENV ??= 'production';
const build = await import(pathToFileURL(path.resolve('build/index.js')).href);
await build.entry.module.runtime.serve(build);
