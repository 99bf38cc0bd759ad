// Debian's Chromium, driven by playwright-core (docs/docs-site.md, "Tests"). One browser serves
// the whole run (tests/setup/browser-server.ts); each file connects to it and works in contexts
// of its own. CI installs it (.ci/run) and a missing browser fails the run there; elsewhere the
// browser tests skip.
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Whether to run the browser tests: the run's browser was launched (always in CI, where a missing browser fails the global setup). */
export function browserAvailable(): boolean {
  return inject('browserEndpoint') !== '';
}

/** A connection to the run's browser; closing it closes the contexts it opened, not the browser. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/** A page that records console errors, uncaught errors and requests to any other origin. */
export async function watchedPage(browser: Browser, width = 1280, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['data:', 'blob:'].includes(url.protocol) && !['127.0.0.1', 'localhost'].includes(url.hostname)) foreign.push(r.url());
  });
  return { page, errors, foreign, close: () => context.close() };
}

/** The page's width beyond the viewport, in CSS pixels (0 when nothing scrolls sideways). */
export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Saves a screenshot of the page as screenshots/`name`.png (git-ignored) to look at, when the run
 * asks for them (`npm run screenshots`, SCREENSHOTS=1): nothing checks them, so `npm test` and CI
 * take none (docs/docs-site.md, "Tests").
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png` });
}
