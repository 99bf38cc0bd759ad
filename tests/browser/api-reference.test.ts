// The API reference page (/api/) in Chromium: Redoc renders every operation of /openapi.json,
// nothing is requested from another host, the colour mode re-themes it, a failed load can be
// retried, and the page reads without JavaScript. Screenshots on request (chromium.ts, `screenshot`).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../helpers.ts';
import { browserAvailable, connectBrowser, screenshot } from './chromium.ts';

type Description = { paths: Record<string, Record<string, { operationId: string; summary: string; tags: string[] }>> };

const OPERATION_HEADING = '#redoc [data-section-id*="/operation/"] h2';

/**
 * How long a wait on the live Redoc may take before it is a failure rather than a slow drawing:
 * one drawing is 2 to 4 s of the browser's time alone, and has taken over 30 s on a two-core
 * machine running the rest of the suite. A test holds two drawings at most.
 */
const DRAWING_MS = 90_000;

/** A page that records console errors, uncaught errors and every request leaving the origin. */
async function watchedPage(browser: Browser, width: number, theme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  // The site remembers the reader's colour mode (app/chrome/preferences.ts).
  await context.addInitScript((mode) => localStorage.setItem('tradetrack.theme', mode), theme);
  const page = await context.newPage();
  const errors: string[] = [];
  const elsewhere: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const origin = new URL(baseUrl()).origin;
  page.on('request', (r) => {
    const url = new URL(r.url());
    // Redoc's search index runs in a worker made from a blob: of this page.
    if (url.protocol !== 'blob:' && url.protocol !== 'data:' && url.origin !== origin) elsewhere.push(r.url());
  });
  return { page, errors, elsewhere, close: () => context.close() };
}

/** Milliseconds from navigation until the live Redoc has taken over and shows its first operation heading. */
async function redocVisible(page: Page): Promise<number> {
  const at = await page.waitForFunction(
    (selector) => {
      const heading = document.querySelector(selector);
      const live = document.querySelector('.api-reference[data-status="ready"]');
      return live && heading && heading.getBoundingClientRect().height > 0 ? performance.now() : false;
    },
    OPERATION_HEADING,
    { timeout: DRAWING_MS, polling: 'raf' },
  );
  return Math.round((await at.jsonValue()) as number);
}

describe.skipIf(!browserAvailable())('the API reference in a browser', { timeout: 2 * DRAWING_MS }, () => {
  let browser: Browser;
  let doc: Description;
  beforeAll(async () => {
    browser = await connectBrowser();
    doc = (await (await fetch(`${baseUrl()}/openapi.json`)).json()) as Description;
  });
  afterAll(async () => {
    await browser?.close();
  });

  const operations = () => Object.values(doc.paths).flatMap((item) => Object.values(item));

  /** On the live Redoc at 1280 px: every operation of /openapi.json, the server's list hidden, the site's renderer and colours. */
  async function rendersEveryOperation(page: Page, visibleAfter: number) {
    console.log(`the live Redoc took over ${visibleAfter} ms after navigation`);
    const rendered = await page.$$eval('#redoc [data-section-id*="/operation/"]', (els) => els.map((e) => e.getAttribute('data-section-id')!.split('/operation/')[1]));
    expect(new Set(rendered)).toEqual(new Set(operations().map((op) => op.operationId)));
    // The server's list (the page without JavaScript) links the same sections, and is hidden now.
    const anchors = await page.$$eval('.api-index a[href^="#tag/"]', (els) => els.map((e) => e.getAttribute('href')!.slice(1)));
    const sections = await page.$$eval('#redoc [data-section-id*="/operation/"]', (els) => els.map((e) => e.getAttribute('data-section-id')));
    expect(new Set(anchors)).toEqual(new Set(sections));
    expect(await page.locator('.api-index').isHidden()).toBe(true);
    // The renderer is the fingerprinted asset, preloaded by the page's head.
    expect(await page.locator('head link[rel="preload"][as="script"]').getAttribute('href')).toMatch(/^\/build\/vendor\/redoc\.standalone-\w+\.js$/);
    // Redoc's primary colour is the site's green (the sidebar's active item, the links).
    expect(await page.locator('#redoc a[href$="/support"]').first().evaluate((a) => getComputedStyle(a).color)).toBe('rgb(46, 125, 50)');
    // The sidebar sticks below the 60 px navbar (Redoc's scrollYOffset), the announcement bar aside.
    expect(await page.locator('#redoc .menu-content').evaluate((el) => (el as HTMLElement).style.top)).toBe('60px');
    await page.waitForTimeout(500);
  }

  // One drawing of the live Redoc serves both the checks of every operation and the colour mode
  // switch at 1280 px: each drawing is seconds of the browser's time.
  for (const width of [1280, 390]) {
    const title =
      width === 1280
        ? 'renders every operation of /openapi.json with Redoc, requesting nothing from another host, with no console error, and follows the colour mode the navbar switches without horizontal scroll at 1280 px'
        : 'follows the colour mode the navbar switches, and is drawn without horizontal scroll at 390 px';
    it(title, async () => {
      const { page, errors, elsewhere, close } = await watchedPage(browser, width);
      const res = await page.goto(`${baseUrl()}/api/`);
      expect(res?.status()).toBe(200);
      const visibleAfter = await redocVisible(page);
      if (width === 1280) await rendersEveryOperation(page, visibleAfter);
      expect(await page.title()).toBe('API reference | TradeTrack Docs');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      const sidebarBackground = () => page.locator('#redoc .menu-content').evaluate((el) => getComputedStyle(el).backgroundColor);
      const light = await sidebarBackground();
      await screenshot(page, `api-reference-light-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (width < 1000) await page.locator('.navbar .color-mode').evaluate((b: HTMLElement) => b.click());
      else await page.locator('.navbar .color-mode').click();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      // Redoc is drawn again in the new mode (its sidebar is briefly absent meanwhile).
      await page.waitForFunction(
        (before) => {
          const sidebar = document.querySelector('#redoc .menu-content');
          return !!sidebar && getComputedStyle(sidebar).backgroundColor !== before;
        },
        light,
        { timeout: DRAWING_MS },
      );
      await redocVisible(page);
      expect(await sidebarBackground()).not.toBe(light);
      // The headings take the dark mode's light text.
      expect(await page.locator('#redoc h1').first().evaluate((h) => getComputedStyle(h).color)).not.toBe('rgb(51, 51, 51)');
      await screenshot(page, `api-reference-dark-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`shows the preview drawn at build time, every operation in the reader's colour mode (${theme}), until the live Redoc takes over`, async () => {
      const { page, errors, elsewhere, close } = await watchedPage(browser, 1280, theme);
      // The renderer's download is held until the preview has been read.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/build\/vendor\/redoc\.standalone-\w+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl()}/api/`);
      // The page's own first operation (.redoc-first) shows at once; the whole preview then takes its place.
      await page.waitForSelector('.redoc-preview:not(.redoc-first) [data-section-id*="/operation/"] h2', { state: 'visible', timeout: DRAWING_MS });
      expect(await page.locator('.redoc-first').count()).toBe(0);
      const previewed = await page.$$eval('.redoc-preview [data-section-id*="/operation/"]', (els) => els.map((e) => e.getAttribute('data-section-id')!.split('/operation/')[1]));
      expect(new Set(previewed)).toEqual(new Set(operations().map((op) => op.operationId)));
      expect(await page.locator('.api-reference').getAttribute('data-status')).toBe('loading');
      expect(await page.locator('.api-index').isHidden()).toBe(true);
      // Nothing of the live Redoc shows meanwhile.
      expect(await page.locator('#redoc').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
      const sidebarBackground = (root: string) => page.locator(`${root} .menu-content`).first().evaluate((el) => getComputedStyle(el).backgroundColor);
      const previewBackground = await sidebarBackground('.redoc-preview');
      release();
      await redocVisible(page);
      expect(await page.locator('.redoc-preview').count()).toBe(0);
      // The preview was drawn in the mode the live Redoc is drawn in.
      expect(await sidebarBackground('#redoc')).toBe(previewBackground);
      await page.waitForTimeout(300);
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('shows a spinner while loading and, when the renderer fails to load, a Retry button that loads it', async () => {
    const { page, close } = await watchedPage(browser, 1280);
    let failed = false;
    await page.route(/\/build\/vendor\/redoc\.standalone-\w+\.js$/, async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.abort('failed');
    });
    // The spinner is in the server's HTML; the failed download may replace it before the page's load
    // event, so it is read from the document as served rather than waited for in the live page.
    const served = await page.goto(`${baseUrl()}/api/`);
    expect(await served!.text()).toMatch(/class="api-status" role="status"><span class="spinner"/);
    await page.getByRole('button', { name: 'Retry', exact: true }).click({ timeout: DRAWING_MS });
    await redocVisible(page);
    expect(failed).toBe(true);
    expect(await page.getByRole('button', { name: 'Retry', exact: true }).count()).toBe(0);
    await close();
  });

  it('reads without JavaScript: the server HTML names every operation, links Redoc\'s anchors and /openapi.json', async () => {
    const tagSlug = (tag: string) => tag.replace(/\s+/g, '-');
    for (const accept of [undefined, '*/*', 'text/html']) {
      const res = await fetch(`${baseUrl()}/api/`, { headers: accept ? { accept } : {} });
      expect(res.status, `Accept ${accept}`).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('href="/openapi.json"');
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(item)) {
          expect(html, op.operationId).toContain(`href="#tag/${tagSlug(op.tags[0])}/operation/${op.operationId}"`);
          expect(html).toContain(`>${method.toUpperCase()}</code>`);
          expect(html).toContain(`<code>${path}</code>`);
          expect(html).toContain(op.summary.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;'));
        }
      }
      // Only this page loads the renderer.
      expect(html).toMatch(/rel="preload" as="script" href="\/build\/vendor\/redoc\.standalone-\w+\.js"/);
    }
    const tutorial = await (await fetch(`${baseUrl()}/tutorial`)).text();
    expect(tutorial).not.toContain('redoc.standalone');
    const asJson = await fetch(`${baseUrl()}/api/`, { headers: { accept: 'application/json' } });
    expect(asJson.status).toBe(404);
    expect(((await asJson.json()) as { code: string }).code).toBe('NOT_FOUND');
  });
});
