// Debian's Chromium, driven by playwright-core (docs/docs-site.md, "Tests"). CI installs it
// (.ci/run) and a missing browser fails the run there; elsewhere the browser tests skip.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether to run the browser tests: always in CI, where a missing browser is an error. */
export function browserAvailable(): boolean {
  if (existsSync(executablePath)) return true;
  if (process.env.CI) throw new Error(`Chromium is missing at ${executablePath}: CI runs the browser tests, it never skips them`);
  return false;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
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
