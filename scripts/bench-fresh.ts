// Reads right after a batch write (`npm run bench-fresh`, and a step of `npm run bench`):
// what the page of 100 orders of 10 lines and the page of 100 processes cost when their tables
// were filled a moment ago, against the same pages after ANALYZE
// (docs/decisions/015-fresh-statistics.md). On each database (a PostgreSQL server, then the
// embedded one) an app starts on a new database, a company gets 100 products, 100 orders of 10
// lines and 100 processes shipping 5 lines of each through the batch upserts
// (tests/setup/fresh-batch.ts); once the events relay has rendered them, each page is read
// READS times; then ANALYZE runs from outside the app (on the embedded database between a stop
// and a start of the app) and the pages are read again. Target: the fresh median at most 1.5
// times the analyzed one. Writes docs/benchmarks.md, section "Reads right after a batch write".
//
// Optional environment: BENCH_DATABASE_URL (PostgreSQL server), BENCH_READS (default 5).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startAppServer } from '../tests/setup/app-server.ts';
import { eventsRelayed, outside, readPages, writeFreshCompany } from '../tests/setup/fresh-batch.ts';
import { machineLine, writeSection } from './bench-section.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const READS = Number(process.env.BENCH_READS || 5);
const HEADING = '## Reads right after a batch write';
const TARGET = 1.5;

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const adminToken = randomBytes(16).toString('hex');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const list = (xs: number[]) => xs.map((x) => Math.round(x).toLocaleString('en-US')).join(' / ');

async function measure(label: string, serverUrl: string | undefined): Promise<string[]> {
  const app = await startAppServer({ serverUrl, adminToken });
  try {
    const co = await writeFreshCompany(app, adminToken);
    await eventsRelayed(co);
    const fresh = await readPages(co, READS);
    await outside(app, async (query) => {
      await query('ANALYZE');
    });
    const analyzed = await readPages(co, READS);
    const wrong = [...fresh.wrong, ...analyzed.wrong];
    if (wrong.length) throw new Error(`${label}: ${wrong.join('; ')}`);
    return (['orders', 'processes'] as const).map((page) => {
      const ratio = median(fresh[page]) / median(analyzed[page]);
      const name = page === 'orders' ? '100 orders of 10 lines' : '100 processes';
      const verdict = page === 'orders' ? (ratio <= TARGET ? ': met' : ': missed') : '';
      return `| ${label} | ${name} | ${list(fresh[page])} (**${Math.round(median(fresh[page]))}**) | ${list(analyzed[page])} (**${Math.round(median(analyzed[page]))}**) | ${ratio.toFixed(2)}${verdict} |`;
    });
  } finally {
    await app.stop();
  }
}

const rows = [...(await measure('PostgreSQL', SERVER_URL)), ...(await measure('PGlite', undefined))];
const section = `${HEADING}

${machineLine('npm run bench-fresh')} Each read's time in ms in order, median in bold; ${READS} reads of each page fresh (no ANALYZE by anyone but the app's own check, docs/decisions/015-fresh-statistics.md), then ${READS} after ANALYZE. Target: the page of 100 orders fresh within ${TARGET} times its analyzed median.

| Database | Page | Fresh | After ANALYZE | Fresh ÷ analyzed |
|---|---|---|---|---:|
${rows.join('\n')}
`;
writeSection(HEADING, section);
console.log(section);
