import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../helpers.ts';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI installs Debian's Chromium (.ci/run); a developer machine without it skips these.
const available = existsSync(executablePath) || !!process.env.CI;

describe.skipIf(!available)('the documentation site in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the introduction with the navbar, the 300px sidebar and the footer, and navigates to a tutorial page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Any Content-Security-Policy violation or failed load is an error on the console (docs/security.md).
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${baseUrl()}/`);
    await expect(page.locator('nav.navbar >> text=Tutorial').count()).resolves.toBe(1);
    await expect(page.locator('nav.navbar >> text=API Docs').count()).resolves.toBe(1);
    expect(await page.locator('main.doc h1').first().textContent()).toBeTruthy();
    const width = await page.locator('aside.sidebar').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(300);
    expect(await page.locator('footer').textContent()).toContain('2025');
    await page.locator('aside.sidebar >> text=Products').click();
    await page.waitForURL(/\/products$/);
    await page.waitForFunction(() => /product/i.test(document.querySelector('main.doc h1')?.textContent ?? ''));
    expect(await page.title()).toMatch(/Products/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('renders the API reference from the OpenAPI description with Redoc, under the pages\' Content-Security-Policy', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The renderer's attribution logo lives on its vendor's site: the pages load nothing from
    // other origins, so that one image is blocked, by design (docs/security.md).
    page.on('console', (m) => m.type() === 'error' && !m.text().includes('https://cdn.redoc.ly/') && errors.push(m.text()));
    const res = await page.goto(`${baseUrl()}/api/`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForFunction(() => document.querySelector('#redoc')?.textContent?.includes('Create a product'), null, { timeout: 30_000 });
    expect(await page.locator('#redoc').textContent()).toContain('Trade tracking platform API');
    await page.screenshot({ path: '/tmp/api-reference.png' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${baseUrl()}/definitely/not/here`);
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').first().textContent()).toBe('Page Not Found');
    await page.close();
  });
});
