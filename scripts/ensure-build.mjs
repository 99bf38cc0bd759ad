// Builds what is missing or was made from other sources (docs/docs-site.md, "Building"): the app
// (the Remix server and browser bundles, and build/primary.js) and the documentation site (its
// pages, search index and API reference preview). `npm install` builds the app (postinstall);
// the first `npm start` builds the site while the API already serves; the tests and the
// benchmarks build both. Each part is current when it was made from the same sources; a check
// reads the files' stats only, unless one changed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The project's own tools, run without npx's own start-up (about a second each).
const bin = (name) => path.join('node_modules', '.bin', name);

const sources = ['app', 'graph', 'rest', 'openapi', 'prisma', 'docs', 'public', 'scripts/build-site.ts', 'scripts/reference-preview.ts', 'remix.config.js', 'package.json'];
/** The build's own output inside the source folders: not a source. */
const generated = new Set(['public/build']);
/** Each part's stamp: the sources it was made from. */
const APP = { stamp: 'build/app.sha256', outputs: ['build/index.js', 'build/primary.js'] };
const SITE = { stamp: 'build/site.sha256', outputs: ['build/docs.json'] };

/** The files under p, in a stable order. */
function files(p) {
  if (!existsSync(p) || generated.has(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .sort()
    .filter((n) => n !== 'migrations')
    .flatMap((n) => files(path.join(p, n)));
}

let manifests;
/** The installed manifest of each package the project names (not package-lock.json, which an install may rewrite after its postinstall has built). */
function installedManifests() {
  if (manifests) return manifests;
  const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
  manifests = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    .sort()
    .map((name) => [name, path.join('node_modules', name, 'package.json')]);
  return manifests;
}

/**
 * A hash of every source's path and content, and of the installed version of each named package:
 * a part is current when its last finished build was made from the same sources. Contents, not
 * times: a fresh clone, a checkout or an install that rewrites a file unchanged costs no build.
 */
function contentHash(sourceFiles) {
  const hash = createHash('sha256');
  for (const file of sourceFiles) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  for (const [name, installed] of installedManifests()) {
    hash.update(`${name}@${existsSync(installed) ? JSON.parse(readFileSync(installed, 'utf8')).version : 'missing'}\0`);
  }
  return hash.digest('hex');
}

/**
 * The same files' paths, sizes, modification times and inodes: when none of these changed since
 * the content hash was last taken, that hash is reused without reading the files (as git's index
 * does), which is most of a restart's check.
 */
function statKey(sourceFiles) {
  const hash = createHash('sha256');
  for (const file of [...sourceFiles, 'package.json', ...installedManifests().map(([, m]) => m)]) {
    const s = existsSync(file) ? statSync(file) : null;
    hash.update(`${file}\0${s ? `${s.size}:${s.mtimeMs}:${s.ino}` : 'missing'}\0`);
  }
  return hash.digest('hex');
}

const STAT_CACHE = 'build/sources.stat';
let hashed;
/** The sources' content hash (see contentHash), read from STAT_CACHE when their stats match. */
function sourcesHash() {
  if (hashed) return hashed;
  const sourceFiles = sources.flatMap(files);
  const key = statKey(sourceFiles);
  const [cachedKey, cachedHash] = existsSync(STAT_CACHE) ? readFileSync(STAT_CACHE, 'utf8').split(' ') : [];
  if (cachedKey === key && cachedHash) return (hashed = cachedHash);
  hashed = contentHash(sourceFiles);
  if (existsSync('build')) writeFileSync(STAT_CACHE, `${key} ${hashed}`);
  return hashed;
}

const isCurrent = (part) => existsSync(part.stamp) && part.outputs.every((f) => existsSync(f)) && readFileSync(part.stamp, 'utf8') === sourcesHash();

/** Whether build/ holds the app's build of the current sources (it serves the API). */
export const appIsCurrent = () => isCurrent(APP);
/** Whether build/ holds the documentation site of the current sources. */
export const siteIsCurrent = () => isCurrent(SITE);

/** Runs a part's build; a failed one leaves the part unbuilt, so the next start tries again. */
function building(part, build) {
  const hash = sourcesHash();
  rmSync(part.stamp, { force: true });
  try {
    build();
  } catch (e) {
    for (const f of part.outputs) rmSync(f, { force: true });
    throw e;
  }
  writeFileSync(part.stamp, hash);
}

/**
 * The app: `remix build` (always for production: the server runs React's production runtime),
 * then the first process's own small bundle (build/primary.js: the settings and the supervisor,
 * app/server/primary.server.ts), which starts without loading the app.
 */
function buildApp() {
  execFileSync(bin('remix'), ['build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  createRequire(import.meta.url)('esbuild').buildSync({
    entryPoints: ['app/server/primary.server.ts'],
    outfile: 'build/primary.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

/**
 * The app alone. Its build empties public/build, where the site keeps its assets: the site is
 * marked unbuilt with it.
 */
export function ensureApp() {
  if (appIsCurrent()) return;
  rmSync(SITE.stamp, { force: true });
  rmSync('build/docs.json', { force: true });
  console.log('building the app...');
  building(APP, buildApp);
}

/** The site (scripts/build-site.ts), after the app when that is due too. */
export function ensureSite() {
  ensureApp();
  if (siteIsCurrent()) return;
  console.log('building the documentation site...');
  building(SITE, () => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-site.ts'], { stdio: 'inherit' }));
}

/** Both parts. */
export const ensureBuild = ensureSite;

// `node scripts/ensure-build.mjs [--at-install | --app | --site]`: both parts, or one. At install
// (package.json, postinstall) the app alone; an install without the development tools
// (`npm ci --omit=dev`) has no bundler: the build is left to the first start there, which reports it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--at-install') && !existsSync(bin('remix'))) console.log('the app is built at its first start (no bundler installed)');
  else if (process.argv.includes('--at-install') || process.argv.includes('--app')) ensureApp();
  else ensureSite();
}
