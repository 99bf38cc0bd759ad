// Every page of the documentation site in Chromium (docs/docs-site.md): its title, no console
// error, nothing from another host, nothing wider than a 390 px phone, in both colour modes at
// 390 and 1280 px, with a screenshot of each on request (chromium.ts, `screenshot`). The wide and
// the phone widths are two files (pages-wide.test.ts, pages-phone.test.ts), so they run side by
// side. The API reference (/api/), whose Redoc is drawn again at each colour mode, has the same
// checks in api-reference.test.ts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { baseUrl } from '../helpers.ts';
import { connectBrowser, overflow, screenshot, watchedPage } from './chromium.ts';

export { browserAvailable } from './chromium.ts';

type Theme = 'light' | 'dark';
const other = (theme: Theme): Theme => (theme === 'light' ? 'dark' : 'light');

/** Clicks the navbar's colour mode switch (inside the closed menu on a phone); the page is then drawn in `theme`. */
async function switchTheme(page: Page, path: string, theme: Theme) {
  await page.locator('.navbar .color-mode').evaluate((b: HTMLElement) => b.click());
  expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toBe(theme);
}

/**
 * The run's browser and the site's pages (the sidebar's links), set up before a file's tests and
 * closed after them.
 */
export function siteInBrowser() {
  const site: { browser?: Browser; paths: string[] } = { paths: [] };
  beforeAll(async () => {
    site.browser = await connectBrowser();
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
// after a click on the navbar's switch, so the modes alternate from page to page. With
// `narrowest`, the page loaded is then resized to that width (640 px high) and must fit it too,
// rather than being loaded once more.
export async function renderEveryPage(browser: Browser, paths: string[], width: number, narrowest?: number) {
  const { page, errors, foreign, close } = await watchedPage(browser, width, 900);
  await page.goto(`${baseUrl()}/`);
  await page.evaluate(() => localStorage.setItem('tradetrack.theme', 'light'));
  let remembered: Theme = 'light';
  for (const path of paths) {
    const res = await page.goto(`${baseUrl()}${path}`);
    expect(res?.status(), path).toBe(200);
    expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toBe(remembered);
    const h1 = (await page.locator('main.doc h1').first().textContent())?.trim();
    expect(h1, path).toBeTruthy();
    expect(await page.title(), path).toBe(`${h1?.replace(/#$/, '')} | TradeTrack Docs`);
    // The sidebar is 300 px on wide screens and replaced by the menu on phones.
    const sidebar = await page.locator('aside.sidebar').boundingBox();
    if (width === 1280) expect(sidebar?.width, path).toBe(300);
    else expect(sidebar, path).toBeNull();
    for (const theme of [remembered, other(remembered)]) {
      if (theme !== remembered) await switchTheme(page, path, theme);
      expect(await overflow(page), `${path} scrolls sideways at ${width} px in ${theme}`).toBeLessThanOrEqual(0);
      await screenshot(page, `${path.replace(/^\/|\/$/g, '').replace(/\W+/g, '_') || 'index'}-${width}-${theme}`);
    }
    if (narrowest) {
      await page.setViewportSize({ width: narrowest, height: 640 });
      expect(await overflow(page), `${path} scrolls sideways at ${narrowest} px`).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width, height: 900 });
    }
    remembered = other(remembered);
  }
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
  await close();
}
