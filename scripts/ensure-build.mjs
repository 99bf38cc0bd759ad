// Builds the Remix app when build/ is missing or older than any source file.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

// The project's own tools, run without npx's own start-up (about a second each).
const bin = (name) => path.join('node_modules', '.bin', name);

const sources = ['app', 'graph', 'rest', 'openapi', 'prisma', 'docs', 'scripts/build-site.ts', 'remix.config.js', 'package-lock.json'];
function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).filter((n) => n !== 'migrations').map((n) => newest(path.join(p, n))));
}
const built = existsSync('build/index.js') ? statSync('build/index.js').mtimeMs : 0;
if (!built || sources.some((s) => newest(s) > built)) {
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
}
