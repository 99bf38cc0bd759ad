// The site's chrome in Chromium, as docs/docs-site.md describes it: colour mode, announcement,
// the phone menu, search by keyboard, the progress bar, code tabs, anchors under the navbar,
// the crash page and a failed route load.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../helpers.ts';
import { browserAvailable, connectBrowser, watchedPage } from './chromium.ts';

/**
 * Types `query` into the focused search box and answers the hits once the box ends with all of it
 * and they satisfy `until`: results follow each key typed, and a busy machine can show those of
 * a part of the query for a while. The box and the list are read together.
 */
async function searchFor(page: Page, query: string, until: (hits: string[]) => boolean): Promise<string[]> {
  await page.keyboard.type(query);
  const shown = () =>
    page.evaluate(() => ({
      query: document.querySelector<HTMLInputElement>('.search-input')?.value,
      hits: [...document.querySelectorAll('.search-results [role=option]')].map((h) => h.textContent ?? ''),
    }));
  let hits: string[] = [];
  await expect
    .poll(
      async () => {
        const now = await shown();
        hits = now.hits;
        return Boolean(now.query?.endsWith(query)) && until(now.hits);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return hits;
}

describe.skipIf(!browserAvailable())('the site chrome', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('has the navbar links and the footer, and keeps the navbar on screen while scrolling', async () => {
    const { page, errors, close } = await watchedPage(browser);
    await page.goto(`${baseUrl()}/processes/foreign_trade_shipment`);
    expect(await page.locator('nav.navbar > a.nav-item', { hasText: 'Tutorial' }).getAttribute('href')).toBe('/');
    expect(await page.locator('nav.navbar > a.nav-item', { hasText: 'API Docs' }).getAttribute('href')).toBe('/api/');
    const footer = await page.locator('footer').textContent();
    expect(footer).toContain('Copyright © 2025');
    for (const text of ['Tutorial', 'API Docs', 'Web app', 'Website']) expect(footer).toContain(text);
    await page.mouse.wheel(0, 3000);
    await page.waitForFunction(() => window.scrollY > 1000);
    expect((await page.locator('nav.navbar').boundingBox())?.y).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('switches colour mode, remembers it, ignores the system preference and never paints the wrong one first', async () => {
    const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // What the document says when the body first appears, before any paint.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { firstTheme?: string }).firstTheme = document.documentElement.dataset.theme;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl()}/products`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByRole('button', { name: 'Switch between dark and light mode' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBg);
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toBe('dark');
    await page.goto(`${baseUrl()}/orders`);
    expect(await page.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toBe('dark');
    await page.getByRole('button', { name: 'Switch between dark and light mode' }).click();
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toBe('light');
    await context.close();
  });

  it('closes the announcement bar, which stays closed', async () => {
    const { page, errors, close } = await watchedPage(browser);
    await page.goto(`${baseUrl()}/`);
    const bar = page.getByRole('region', { name: 'Announcement' });
    expect(await bar.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close the announcement' }).click();
    expect(await bar.isVisible()).toBe(false);
    await page.reload();
    expect(await bar.isVisible()).toBe(false);
    await page.goto(`${baseUrl()}/orders`);
    expect(await bar.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('slides the menu out on a phone and closes it; on a desktop there is no menu button', async () => {
    const phone = await watchedPage(browser, 390, 844);
    await phone.page.goto(`${baseUrl()}/`);
    const menu = phone.page.locator('#mobile-menu');
    const button = phone.page.getByRole('button', { name: 'Open the menu' });
    expect(await menu.isVisible()).toBe(false);
    // The button works once the page's scripts have started (a click before does nothing): click until the menu opens.
    await expect
      .poll(async () => {
        const open = await menu.evaluate((m) => m.classList.contains('open'));
        if (!open) await button.click();
        return open;
      }, { timeout: 30_000 })
      .toBe(true);
    await phone.page.waitForFunction(() => {
      const box = document.querySelector('#mobile-menu')?.getBoundingClientRect();
      return box && box.left >= 0 && box.width > 200;
    });
    await phone.page.locator('#mobile-menu a', { hasText: 'Orders' }).click();
    await phone.page.waitForURL(/\/orders$/);
    await phone.page.waitForFunction(() => getComputedStyle(document.querySelector('#mobile-menu')!).visibility === 'hidden');
    await button.click();
    await phone.page.waitForFunction(() => getComputedStyle(document.querySelector('#mobile-menu')!).visibility === 'visible');
    await phone.page.keyboard.press('Escape');
    await phone.page.waitForFunction(() => getComputedStyle(document.querySelector('#mobile-menu')!).visibility === 'hidden');
    expect(phone.errors).toEqual([]);
    await phone.close();

    const desktop = await watchedPage(browser, 1280, 900);
    await desktop.page.goto(`${baseUrl()}/`);
    expect(await desktop.page.getByRole('button', { name: 'Open the menu' }).isVisible()).toBe(false);
    expect(await desktop.page.locator('#mobile-menu').isVisible()).toBe(false);
    await desktop.close();
  });

  it('finds a page by a heading word and by a route path, by keyboard alone', async () => {
    const { page, errors, close } = await watchedPage(browser);
    await page.goto(`${baseUrl()}/`);
    // The key works once the page's scripts have started: press it until it does.
    await expect
      .poll(async () => {
        await page.keyboard.press('/');
        return page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      })
      .toBe('Search the documentation');
    await searchFor(page, 'conditional writes', (hits) => hits.length > 0);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#conditional-writes/);

    // A route path finds the pages that use it and the operation itself; pick the first page.
    await page.keyboard.press('Control+k');
    const operation = 'API reference · GET /api/products-by-code/{code}';
    const hits = await searchFor(page, '/api/products-by-code', (shown) => shown.some((h) => h.includes(operation)) && shown.some((h) => !h.includes('API reference')));
    const firstPage = hits.findIndex((h) => !h.includes('API reference'));
    for (let i = 0; i < firstPage; i++) await page.keyboard.press('ArrowDown');
    expect(await page.locator('.search-results [aria-selected=true]').textContent()).toBe(hits[firstPage]);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('.search-results'));
    await page.waitForFunction(() => document.querySelector('main.doc')?.textContent?.includes('products-by-code'));
    expect(errors).toEqual([]);
    await close();
  });

  it('finds an operation of the API reference and opens it there', async () => {
    const { page, close } = await watchedPage(browser);
    await page.goto(`${baseUrl()}/products`);
    await page.locator('.search-input').click();
    const wanted = 'API reference · POST /api/products';
    const hits = await searchFor(page, 'create a product', (shown) => shown.some((h) => h.includes(wanted)));
    const operation = hits.findIndex((h) => h.includes(wanted));
    for (let i = 0; i < operation; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/api\/#operation\/products\.create$/);
    await close();
  });

  it('shows a spinner while the search index loads and a Retry button when it fails', async () => {
    const { page, close } = await watchedPage(browser);
    let fail = true;
    await page.route('**/build/docs/search-index-*.json', async (route) => {
      if (fail) return route.fulfill({ status: 503, body: 'unavailable' });
      await new Promise((r) => setTimeout(r, 300));
      return route.continue();
    });
    await page.goto(`${baseUrl()}/`);
    await page.locator('.search-input').click();
    await page.keyboard.type('orders');
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.search-results .spinner').waitFor();
    await page.waitForSelector('.search-results [role=option]');
    await close();
  });

  it('shows the progress bar on a slow route change only, after 200 ms, and removes it at the end', async () => {
    const { page, errors, close } = await watchedPage(browser);
    // A first visit loads the Orders page's script, so the route change below only fetches data.
    await page.goto(`${baseUrl()}/orders`);
    await page.goto(`${baseUrl()}/`);
    // When the click happened, when the new page showed (its heading) and when the bar first
    // showed. The rule is about time, and a busy machine can make any route change slow: the
    // bar never shows before 200 ms, and a change over within 200 ms shows none.
    await page.evaluate(`(() => {
      const w = window;
      w.timing = { clickAt: null, endAt: null, barAt: null };
      document.addEventListener('click', () => { w.timing.clickAt ??= performance.now(); }, { capture: true });
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) w.timing.barAt ??= performance.now();
        if (/Orders/.test(document.querySelector('h1')?.textContent ?? '')) w.timing.endAt ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    })()`);
    await page.locator('aside.sidebar a', { hasText: 'Orders' }).click();
    await page.waitForURL(/\/orders$/);
    await page.waitForTimeout(400);
    const timing = (await page.evaluate('window.timing')) as { clickAt: number; endAt: number; barAt: number | null };
    expect(timing.endAt, JSON.stringify(timing)).not.toBeNull();
    if (timing.barAt !== null) expect(timing.barAt - timing.clickAt, JSON.stringify(timing)).toBeGreaterThanOrEqual(190);
    if (timing.endAt - timing.clickAt < 190) expect(timing.barAt, JSON.stringify(timing)).toBeNull();

    await page.route('**/products?_data=*', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.locator('aside.sidebar a', { hasText: 'Products' }).click();
    await page.waitForSelector('#nprogress .bar', { timeout: 1000 });
    expect(await page.locator('#nprogress .spinner').count()).toBe(0);
    await page.waitForURL(/\/products$/);
    await page.waitForSelector('#nprogress', { state: 'detached', timeout: 3000 });
    expect(errors).toEqual([]);
    await close();
  });

  it('shows request examples as curl, JavaScript and Python tabs and remembers the choice', async () => {
    const { page, errors, close } = await watchedPage(browser);
    await page.goto(`${baseUrl()}/`);
    const visiblePanel = () => page.locator('.code-tabs').first().locator('.code-panel:visible').getAttribute('data-lang');
    expect(await visiblePanel()).toBe('curl');
    await page.locator('.code-tabs').first().getByRole('tab', { name: 'Python' }).click();
    expect(await visiblePanel()).toBe('python');
    expect(await page.locator('.code-tabs').first().locator('.code-panel:visible pre').textContent()).toContain('import requests');
    await page.goto(`${baseUrl()}/limits`);
    expect(await page.locator('.code-tabs .code-panel:visible').first().getAttribute('data-lang')).toBe('python');
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps a heading followed by its anchor below the navbar, with a permalink', async () => {
    const { page, close } = await watchedPage(browser);
    await page.goto(`${baseUrl()}/#conditional-reads`);
    const heading = page.locator('#conditional-reads');
    await heading.waitFor();
    const navbar = await page.locator('nav.navbar').boundingBox();
    const box = await heading.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(navbar!.y + navbar!.height);
    expect(await heading.locator('a.hash-link').getAttribute('href')).toBe('#conditional-reads');
    await close();
  });

  it('links every page to the previous and the next one', async () => {
    const { page, close } = await watchedPage(browser);
    await page.goto(`${baseUrl()}/getting-started`);
    expect(await page.locator('.pager-link.previous').getAttribute('href')).toBe('/');
    await page.locator('.pager-link.next').click();
    await page.waitForFunction(() => document.querySelector('.pager-link.previous')?.getAttribute('href') === '/getting-started');
    expect(new URL(page.url()).pathname).toBe('/tutorial');
    await close();
  });

  it('shows the crash page with the error and Try again when a page fails', async () => {
    const { page, close } = await watchedPage(browser);
    await page.goto(`${baseUrl()}/`);
    await page.route('**/orders?_data=*', (route) =>
      route.fulfill({ status: 500, headers: { 'content-type': 'application/json', 'x-remix-error': 'yes' }, body: JSON.stringify({ message: 'The orders page could not be read.' }) }),
    );
    await page.locator('aside.sidebar a', { hasText: 'Orders' }).click();
    await page.getByRole('heading', { name: 'This page crashed.' }).waitFor();
    expect(await page.title()).toBe('This page crashed. | TradeTrack Docs');
    expect(await page.locator('.error-chain').textContent()).toContain('The orders page could not be read.');
    await page.unroute('**/orders?_data=*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForFunction(() => /Orders/.test(document.querySelector('main.doc h1')?.textContent ?? ''));
    await close();
  });

  it('logs a warning and reloads the page when a route fails to load', async () => {
    const { page, errors, close } = await watchedPage(browser);
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(`${baseUrl()}/api/`);
    // The tutorial pages' route module is not on /api/ yet: fail its download once.
    let failed = 0;
    await page.route(/\/build\/routes\/(\$|_index)-[\w-]+\.js$/, (route) => (failed++ ? route.continue() : route.abort()));
    const reloaded = page.waitForEvent('load');
    await page.locator('nav.navbar > a.nav-item', { hasText: 'Tutorial' }).click();
    await reloaded;
    expect(failed).toBeGreaterThan(0);
    expect(warnings.some((w) => w.includes('reloading'))).toBe(true);
    expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    await close();
  });
});
