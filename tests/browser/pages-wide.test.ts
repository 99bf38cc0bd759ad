// Every page of the documentation site at 1280 px (every-page.ts), the sidebar listing them, and
// the 404 page.
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../helpers.ts';
import { watchedPage } from './chromium.ts';
import { browserAvailable, renderEveryPage, siteInBrowser } from './every-page.ts';

describe.skipIf(!browserAvailable())('every page of the site', () => {
  const site = siteInBrowser();

  it('lists the tutorial pages in one shared sidebar', () => {
    const { paths } = site;
    expect(paths).toContain('/');
    expect(paths).toContain('/processes/');
    expect(paths).toContain('/processes/foreign_trade_shipment');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('renders every page at 1280 px, in light and dark, with its title and without errors', async () => {
    await renderEveryPage(site.browser!, site.paths, 1280);
  }, 240_000);

  it('answers an unknown path with the 404 page, titled', async () => {
    const { page, errors, close } = await watchedPage(site.browser!);
    const res = await page.goto(`${baseUrl()}/definitely/not/here`);
    expect(res?.status()).toBe(404);
    expect(await page.title()).toBe('Page Not Found | TradeTrack Docs');
    expect(await page.locator('main h1').first().textContent()).toBe('Page Not Found');
    // The browser logs the 404 of the document itself; nothing else.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await close();
  });
});
