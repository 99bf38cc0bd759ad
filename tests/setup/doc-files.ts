// The Markdown files of the documentation whose examples the tests run or check: every page
// under docs/ but the decision records (docs/decisions/), which quote code as it once was.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The .md files under `dir`, decision records left out. */
export function docFiles(dir = 'docs'): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === 'decisions' ? [] : docFiles(p);
    return f.endsWith('.md') ? [p] : [];
  });
}
