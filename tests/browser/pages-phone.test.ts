// Every page of the documentation site on phones (every-page.ts): at 390 px in both colour modes,
// and fitting a 320 px screen.
import { describe, it } from 'vitest';
import { browserAvailable, renderEveryPage, siteInBrowser } from './every-page.ts';

describe.skipIf(!browserAvailable())('every page of the site on a phone', () => {
  const site = siteInBrowser();

  it('renders every page at 390 px, in light and dark, with its title and without errors, and fits it in a 320 px screen', async () => {
    await renderEveryPage(site.browser!, site.paths, 390, 320);
  }, 240_000);
});
