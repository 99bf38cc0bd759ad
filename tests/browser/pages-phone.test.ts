// Every page of the documentation site on phones (every-page.ts): at 390 px in both colour modes,
// and fitting a 320 px screen.
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../helpers.ts';
import { overflow, watchedPage } from './chromium.ts';
import { browserAvailable, renderEveryPage, siteInBrowser } from './every-page.ts';

describe.skipIf(!browserAvailable())('every page of the site on a phone', () => {
  const site = siteInBrowser();

  it('renders every page at 390 px, in light and dark, with its title and without errors', async () => {
    await renderEveryPage(site.browser!, site.paths, 390);
  }, 240_000);

  it('fits every page in a 320 px screen', async () => {
    const { page, errors, close } = await watchedPage(site.browser!, 320, 640);
    for (const path of site.paths) {
      await page.goto(`${baseUrl()}${path}`);
      expect(await overflow(page), `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
