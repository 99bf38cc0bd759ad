// Builds the Remix app and the documentation site when build/ is missing or was made from other
// sources (docs/docs-site.md, "Building"). `npm install` runs it (postinstall), and so do
// `npm start` and the tests; a build that is current is skipped in half a second.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The project's own tools, run without npx's own start-up (about a second each).
const bin = (name) => path.join('node_modules', '.bin', name);

const sources = ['app', 'graph', 'rest', 'openapi', 'prisma', 'docs', 'public', 'scripts/build-site.ts', 'scripts/reference-preview.ts', 'remix.config.js', 'package.json'];
/** The build's own output inside the source folders: not a source. */
const generated = new Set(['public/build']);
const STAMP = 'build/sources.sha256';

/** The files under p, in a stable order. */
function files(p) {
  if (!existsSync(p) || generated.has(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .sort()
    .filter((n) => n !== 'migrations')
    .flatMap((n) => files(path.join(p, n)));
}

/**
 * A hash of every source's path and content: the build is current when the build that finished
 * last was made from the same sources. Contents, not times: a fresh clone, a checkout or an
 * install that rewrites a file unchanged costs no build.
 */
function sourcesHash() {
  const hash = createHash('sha256');
  for (const file of sources.flatMap(files)) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  // The installed version of each package the project names: not package-lock.json, which an
  // install may rewrite after its postinstall has built.
  const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
  for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).sort()) {
    const installed = path.join('node_modules', name, 'package.json');
    hash.update(`${name}@${existsSync(installed) ? JSON.parse(readFileSync(installed, 'utf8')).version : 'missing'}\0`);
  }
  return hash.digest('hex');
}

/** Whether build/ holds a complete build of the current sources. */
export function buildIsCurrent() {
  return existsSync(STAMP) && existsSync('build/index.js') && existsSync('build/primary.js') && existsSync('build/docs.json') && readFileSync(STAMP, 'utf8') === sourcesHash();
}

export function ensureBuild() {
  if (buildIsCurrent()) return;
  const hash = sourcesHash();
  rmSync(STAMP, { force: true });
  console.log('building the app...');
  // The app's own build (remix) and the documentation site's (its pages, search index and API
  // reference preview, docs/docs-site.md) run side by side, in one command.
  try {
    execSync(`${bin('tsx')} scripts/build-site.ts --app`, { stdio: 'inherit' });
  } catch (e) {
    // A failed build leaves the app unbuilt, so the next start tries again.
    rmSync('build/index.js', { force: true });
    throw e;
  }
  writeFileSync(STAMP, hash);
}

// `node scripts/ensure-build.mjs [--at-install]`. At install (package.json, postinstall) an
// install without the development tools (`npm ci --omit=dev`) has no bundler: the build is left
// to the first start there, which reports it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--at-install') && !existsSync(bin('remix'))) console.log('the app is built at its first start (no bundler installed)');
  else ensureBuild();
}
