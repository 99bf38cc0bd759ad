// Reading the site on a phone and a desktop (docs/docs-site.md, "Code" and "Fast pages"): code
// blocks are never cut at the screen's edge nor covered by their Copy button, at 390 and
// 1280 px; the API reference shows its first operation from the preview drawn at build time,
// before the renderer has loaded, so it reads at once. How soon (targets: 1 s to first paint,
// 2 s to an operation) is measured by `npm run bench-pages` (docs/benchmarks.md, "A fast first
// start"), not asserted here: a test's timings depend on what else the machine runs.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../helpers.ts';
import { browserAvailable, connectBrowser, overflow, watchedPage } from './chromium.ts';

/** Pages with long request examples (curl tabs) and long JSON samples. */
const CODE_PAGES = ['/getting-started', '/products', '/webhook-events/orders'];

interface BlockProblem {
  page: string;
  problem: string;
}

/** Every shown code block's problems: code past the block's visible box, code under the Copy button, a block past the viewport. */
function codeBlockProblems(page: Page, path: string): Promise<BlockProblem[]> {
  return page.evaluate((at) => {
    const problems: { page: string; problem: string }[] = [];
    const blocks = [...document.querySelectorAll<HTMLElement>('.code-block')].filter((b) => b.getBoundingClientRect().height > 0);
    blocks.forEach((block, i) => {
      const pre = block.querySelector('pre')!;
      const button = block.querySelector('.copy-button')!;
      const box = pre.getBoundingClientRect();
      const copy = button.getBoundingClientRect();
      if (box.right > window.innerWidth + 0.5) problems.push({ page: at, problem: `block ${i} ends at ${box.right} px, past the screen` });
      // A line longer than the block must scroll in it (a scrollbar shown) or wrap.
      const scrolls = pre.scrollWidth > pre.clientWidth + 1;
      if (scrolls && !['auto', 'scroll'].includes(getComputedStyle(pre).overflowX)) problems.push({ page: at, problem: `block ${i} cuts its lines` });
      if (scrolls && window.innerWidth <= 600) problems.push({ page: at, problem: `block ${i} scrolls sideways on a phone instead of wrapping` });
      // The button overlaps no line of code, however the block is scrolled.
      for (const line of pre.querySelectorAll('.line')) {
        const r = line.getBoundingClientRect();
        const overlapsVertically = r.bottom > copy.top && r.top < copy.bottom;
        if (overlapsVertically && r.height > 0) {
          problems.push({ page: at, problem: `block ${i}: the Copy button covers a line` });
          break;
        }
      }
    });
    return problems;
  }, path);
}

/**
 * First contentful paint, the first frame in which an operation of the reference shows, in ms from
 * navigation, and what showed it: the preview drawn at build time, or the live Redoc.
 */
async function referenceTimings(browser: Browser, width: number): Promise<{ paint: number; operation: number; shownBy: string }> {
  const { page, errors, foreign, close } = await watchedPage(browser, width);
  // rAF runs once per frame: the first frame with an operation heading drawn is recorded.
  await page.addInitScript(`
    const check = () => {
      const heading = document.querySelector('.redoc-preview [data-section-id*="/operation/"] h2, #redoc:not(.redoc-pending) [data-section-id*="/operation/"] h2');
      if (heading && heading.getBoundingClientRect().height > 0) {
        window.operationShownBy = heading.closest('.redoc-preview') ? 'preview' : 'live';
        window.operationShownAt = performance.now();
      }
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  `);
  await page.goto(`${baseUrl()}/api/`);
  const operation = (await (await page.waitForFunction(() => (window as { operationShownAt?: number }).operationShownAt, null, { timeout: 60_000 })).jsonValue()) as number;
  const shownBy = await page.evaluate(() => (window as { operationShownBy?: string }).operationShownBy ?? '');
  const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  expect(await overflow(page), `/api/ at ${width} px`).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
  await close();
  return { paint: Math.round(paint), operation: Math.round(operation), shownBy };
}

describe.skipIf(!browserAvailable())('reading on a phone and a desktop', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [390, 1280]) {
    it(`shows every code block whole at ${width} px: lines wrap or scroll in the block, the Copy button above them`, async () => {
      const { page, errors, close } = await watchedPage(browser, width);
      const problems: BlockProblem[] = [];
      for (const path of CODE_PAGES) {
        await page.goto(`${baseUrl()}${path}`);
        await page.waitForSelector('main.doc h1');
        // Every request example's three tabs, one after the other.
        for (const lang of ['curl', 'javascript', 'python']) {
          const tab = page.locator(`.code-tab[data-lang="${lang}"]`).first();
          if (await tab.count()) await tab.click();
          problems.push(...(await codeBlockProblems(page, `${path} (${lang})`)));
        }
        // The JSON samples are folded: open them all.
        await page.$$eval('details', (all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
        problems.push(...(await codeBlockProblems(page, `${path} (opened)`)));
        expect(await overflow(page), `${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });

    it(`shows the API reference's first operation from the preview, before the renderer, at ${width} px`, async () => {
      await referenceTimings(browser, width); // the server warm, its answers compressed and cached
      const { paint, operation, shownBy } = await referenceTimings(browser, width);
      console.log(`/api/ at ${width} px: first paint ${paint} ms, an operation shown at ${operation} ms, by the ${shownBy}`);
      expect(paint).toBeGreaterThan(0);
      expect(shownBy).toBe('preview');
    }, 180_000);
  }
});
