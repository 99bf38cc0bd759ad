// Every page of the documentation site in Chromium (docs/docs-site.md): its title, no console
// error, nothing from another host, nothing wider than a 390 px phone, and a screenshot of each
// in both colour modes at 390 and 1280 px (screenshots/, git-ignored) to look at.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../helpers.ts';
import { browserAvailable, connectBrowser, overflow, watchedPage } from './chromium.ts';

const SHOTS = 'screenshots';

type Theme = 'light' | 'dark';
const other = (theme: Theme): Theme => (theme === 'light' ? 'dark' : 'light');

/**
 * Clicks the navbar's colour mode switch (inside the closed menu on a phone) and waits until the
 * page is drawn in `theme`; on the API reference, until Redoc is drawn again in it.
 */
async function switchTheme(page: Page, path: string, theme: Theme) {
  const redocSidebar = () => page.locator('#redoc .menu-content').evaluate((el) => getComputedStyle(el).backgroundColor);
  const before = path === '/api/' ? await redocSidebar() : '';
  await page.locator('.navbar .color-mode').evaluate((b: HTMLElement) => b.click());
  expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toBe(theme);
  if (path !== '/api/') return;
  await page.waitForFunction(
    (was) => {
      const sidebar = document.querySelector('#redoc .menu-content');
      return !!sidebar && getComputedStyle(sidebar).backgroundColor !== was && !!document.querySelector('#redoc h1, #redoc h2');
    },
    before,
    { timeout: 30_000 },
  );
}

describe.skipIf(!browserAvailable())('every page of the site', () => {
  let browser: Browser;
  let paths: string[] = [];
  beforeAll(async () => {
    browser = await connectBrowser();
    mkdirSync(SHOTS, { recursive: true });
    const { page, close } = await watchedPage(browser);
    await page.goto(`${baseUrl()}/`);
    paths = await page.locator('aside.sidebar a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    await close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the tutorial pages in one shared sidebar', () => {
    expect(paths).toContain('/');
    expect(paths).toContain('/processes/');
    expect(paths).toContain('/processes/foreign_trade_shipment');
    expect(new Set(paths).size).toBe(paths.length);
  });

  // Each page is loaded once per width and seen in both colour modes: in the mode the last
  // page's switch left in local storage (applied as the page loads), then in the other one
  // after a click on the navbar's switch, so the modes alternate from page to page.
  for (const width of [1280, 390]) {
    it(`renders every page at ${width} px, in light and dark, with its title and without errors`, async () => {
      const { page, errors, foreign, close } = await watchedPage(browser, width, 900);
      await page.goto(`${baseUrl()}/`);
      await page.evaluate(() => localStorage.setItem('tradetrack.theme', 'light'));
      let remembered: Theme = 'light';
      for (const path of [...paths, '/api/']) {
        const res = await page.goto(`${baseUrl()}${path}`);
        expect(res?.status(), path).toBe(200);
        expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toBe(remembered);
        if (path === '/api/') {
          await page.waitForSelector('#redoc h1, #redoc h2', { timeout: 30_000 });
          expect(await page.title()).toBe('API reference | TradeTrack Docs');
        } else {
          const h1 = (await page.locator('main.doc h1').first().textContent())?.trim();
          expect(h1, path).toBeTruthy();
          expect(await page.title(), path).toBe(`${h1?.replace(/#$/, '')} | TradeTrack Docs`);
          // The sidebar is 300 px on wide screens and replaced by the menu on phones.
          const sidebar = await page.locator('aside.sidebar').boundingBox();
          if (width === 1280) expect(sidebar?.width, path).toBe(300);
          else expect(sidebar, path).toBeNull();
        }
        for (const theme of [remembered, other(remembered)]) {
          if (theme !== remembered) await switchTheme(page, path, theme);
          expect(await overflow(page), `${path} scrolls sideways at ${width} px in ${theme}`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: `${SHOTS}/${path.replace(/^\/|\/$/g, '').replace(/\W+/g, '_') || 'index'}-${width}-${theme}.png` });
        }
        remembered = other(remembered);
      }
      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
      await close();
    }, 240_000);
  }

  it('fits every page in a 320 px screen', async () => {
    const { page, errors, close } = await watchedPage(browser, 320, 640);
    for (const path of paths) {
      await page.goto(`${baseUrl()}${path}`);
      expect(await overflow(page), `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('answers an unknown path with the 404 page, titled', async () => {
    const { page, errors, close } = await watchedPage(browser);
    const res = await page.goto(`${baseUrl()}/definitely/not/here`);
    expect(res?.status()).toBe(404);
    expect(await page.title()).toBe('Page Not Found | TradeTrack Docs');
    expect(await page.locator('main h1').first().textContent()).toBe('Page Not Found');
    // The browser logs the 404 of the document itself; nothing else.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await close();
  });
});
