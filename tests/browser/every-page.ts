// Every page of the documentation site in Chromium (docs/docs-site.md): its title, no console
// error, nothing from another host, nothing wider than a 390 px phone, and a screenshot of each
// in both colour modes at 390 and 1280 px (screenshots/, git-ignored) to look at. The wide and the
// phone widths are two files (pages-wide.test.ts, pages-phone.test.ts), so they run side by side.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { baseUrl } from '../helpers.ts';
import { connectBrowser, overflow, watchedPage } from './chromium.ts';

export { browserAvailable } from './chromium.ts';

export const SHOTS = 'screenshots';

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

/**
 * The run's browser and the site's pages (the sidebar's links), set up before a file's tests and
 * closed after them.
 */
export function siteInBrowser() {
  const site: { browser?: Browser; paths: string[] } = { paths: [] };
  beforeAll(async () => {
    site.browser = await connectBrowser();
    mkdirSync(SHOTS, { recursive: true });
    const { page, close } = await watchedPage(site.browser);
    await page.goto(`${baseUrl()}/`);
    site.paths = await page.locator('aside.sidebar a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    await close();
  });
  afterAll(async () => {
    await site.browser?.close();
  });
  return site;
}

// Each page is loaded once per width and seen in both colour modes: in the mode the last
// page's switch left in local storage (applied as the page loads), then in the other one
// after a click on the navbar's switch, so the modes alternate from page to page.
export async function renderEveryPage(browser: Browser, paths: string[], width: number) {
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
}
