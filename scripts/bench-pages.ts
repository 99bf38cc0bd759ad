// Page weight and speed of the documentation site, measured in Chromium with the browser's own
// performance timings (docs/benchmarks.md, "Documentation site"): bytes of JavaScript and of
// everything a page downloads (as sent, compressed), first contentful paint of a tutorial page,
// and the time until the API reference shows its first operation (the preview drawn at build time
// or the live Redoc) and until the live Redoc has taken over. Each figure is the median of
// ROUNDS cold loads (a new browser context each, nothing cached), at 1280 and 390 px wide, and
// each page's HTML as the server makes it (docs/docs-site.md: none over 500 KB).
//
//   npm run bench-pages                      starts the app on the embedded database
//   BENCH_URL=http://localhost:3000 npm run bench-pages   measures a server already running
//   BENCH_PAGES=/api/ npm run bench-pages                 measures these pages only
import { randomBytes } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { startAppServer } from '../tests/setup/app-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PAGES = process.env.BENCH_PAGES?.split(',') ?? ['/', '/processes/foreign_trade_shipment', '/webhook-events/processes', '/api/'];
const LIVE_TIMEOUT_MS = Number(process.env.BENCH_LIVE_TIMEOUT_MS ?? 120_000);

/** What the page records (the init script below): when an operation showed, and when the live Redoc took over. */
interface Seen {
  visible: number;
  live?: number;
}
/** A desktop and a phone (390 × 844). */
const WIDTHS = [1280, 390];

interface Load {
  jsBytes: number;
  allBytes: number;
  fcpMs: number;
  readyMs: number;
  /** The API reference: when the live Redoc took over from the preview (NaN elsewhere). */
  liveMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function load(browser: Browser, url: string, width: number): Promise<Load> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  // The first frame in which the reference shows an operation (the build-time preview or the
  // live Redoc), and the first in which the live Redoc has taken over; rAF runs once per frame.
  // (A script as text: the compiler's helpers for named functions do not exist in the page.)
  await context.addInitScript(`
    const seen = (window.seen = {});
    const check = () => {
      const heading = document.querySelector('.redoc-preview [data-section-id*="/operation/"] h2, #redoc:not(.redoc-pending) [data-section-id*="/operation/"] h2');
      if (!seen.visible && heading && heading.getBoundingClientRect().height > 0) seen.visible = performance.now();
      if (!seen.live && document.querySelector('.api-reference[data-status="ready"]')) seen.live = performance.now();
      if (!seen.visible || !seen.live) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  `);
  const page = await context.newPage();
  const sizes: Promise<{ type: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) =>
    sizes.push(request.sizes().then((s) => ({ type: request.resourceType(), bytes: s.responseBodySize + s.responseHeadersSize }))),
  );
  await page.goto(url, { waitUntil: 'load' });
  const isReference = new URL(url).pathname === '/api/';
  // The reference is ready when it shows an operation; a tutorial page when its heading is there.
  let readyMs: number;
  let liveMs = NaN;
  if (isReference) {
    await page.waitForFunction(() => (window as Window & { seen?: Seen }).seen?.visible, null, { timeout: 60_000 });
    // The live Redoc takes far longer on a loaded machine: a load without it is counted as NaN there.
    await page.waitForFunction(() => (window as Window & { seen?: Seen }).seen?.live, null, { timeout: LIVE_TIMEOUT_MS }).catch(() => undefined);
    ({ visible: readyMs, live: liveMs = NaN } = await page.evaluate(() => (window as Window & { seen?: Seen }).seen as Seen));
  } else {
    await page.waitForSelector('main.doc h1');
    readyMs = await page.evaluate(() => performance.now());
  }
  await page.waitForLoadState('networkidle');
  const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  const done = await Promise.all(sizes);
  await context.close();
  return {
    jsBytes: done.filter((s) => s.type === 'script').reduce((a, s) => a + s.bytes, 0),
    allBytes: done.reduce((a, s) => a + s.bytes, 0),
    fcpMs,
    readyMs,
    liveMs,
  };
}

async function main() {
  const server = process.env.BENCH_URL ? undefined : await startAppServer({ adminToken: randomBytes(24).toString('hex') });
  const base = process.env.BENCH_URL ?? server!.baseUrl;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    console.log(`| Page | Width (px) | HTML (KB, uncompressed) | JavaScript (KB, as sent) | All bytes (KB, as sent) | First contentful paint (ms) | Ready (ms) | Live Redoc (ms) |`);
    console.log(`|---|---:|---:|---:|---:|---:|---:|---:|`);
    for (const path of PAGES) {
      const html = (await (await fetch(`${base}${path}`)).arrayBuffer()).byteLength;
      for (const width of WIDTHS) {
        await load(browser, `${base}${path}`, width); // warm the server
        const loads: Load[] = [];
        for (let i = 0; i < ROUNDS; i++) loads.push(await load(browser, `${base}${path}`, width));
        const kb = (n: number) => (n / 1024).toFixed(1);
        console.log(
          `| \`${path}\` | ${width} | ${kb(html)} | ${kb(median(loads.map((l) => l.jsBytes)))} | ${kb(median(loads.map((l) => l.allBytes)))} | ${median(loads.map((l) => l.fcpMs)).toFixed(0)} | ${median(loads.map((l) => l.readyMs)).toFixed(0)} | ${path === '/api/' ? median(loads.map((l) => l.liveMs)).toFixed(0) : '–'} |`,
        );
      }
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

await main();
