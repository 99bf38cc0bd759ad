// The one Chromium of a test run (docs/docs-site.md, "Tests"): launched by the global setup
// (global.ts) beside the app server, and shared by every browser test file, each connecting to
// it over its websocket endpoint (tests/browser/chromium.ts) with browser contexts of its own,
// rather than each launching a browser of its own.
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';

export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Launches Chromium for the run; null when it is not installed, except in CI, where the browser
 * tests always run and a missing browser fails the run.
 */
export async function launchBrowserServer(): Promise<BrowserServer | null> {
  if (!existsSync(executablePath)) {
    if (process.env.CI) throw new Error(`Chromium is missing at ${executablePath}: CI runs the browser tests, it never skips them`);
    return null;
  }
  return chromium.launchServer({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
