// GraphiQL at GET /graphql in Chromium (docs/graphql.md, "GraphiQL"): a small page whose
// assets are files of their own, that asks for the API key, then runs a query with it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newCompany } from '../helpers.ts';
import { browserAvailable, connectBrowser, screenshot, watchedPage } from './chromium.ts';

describe.skipIf(!browserAvailable())('GraphiQL', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is a page of a few KiB that loads its script, style and workers as compressed files', async () => {
    const res = await fetch(`${baseUrl()}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html.length).toBeLessThan(10_000);
    const assets = [...html.matchAll(/\/build\/graphiql\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const url of assets) {
      const asset = await fetch(`${baseUrl()}${url}`, { headers: { 'accept-encoding': 'br' } });
      expect(asset.status, url).toBe(200);
      expect(asset.headers.get('content-encoding'), url).toBe('br');
      await asset.arrayBuffer();
    }
    // A GraphQL GET with a query is still GraphQL.
    const company = await newCompany();
    const query = await fetch(`${baseUrl()}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { accept: 'application/json', 'api-key': company.api_key } });
    expect(await query.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('asks for the API key, keeps it for the tab, and runs the query with it', async () => {
    const company = await newCompany();
    const { page, errors, foreign, close } = await watchedPage(browser);
    try {
      await page.goto(`${baseUrl()}/graphql`);
      await expect.poll(() => page.locator('#key-state').textContent()).toContain('No key yet');
      expect(await page.locator('#graphiql').textContent()).toContain('Paste your API key above to start');
      await page.fill('#api-key', company.api_key);
      await Promise.all([page.waitForNavigation(), page.click('#key-form button[type=submit]')]);
      await expect.poll(() => page.locator('#key-state').textContent()).toContain('Key set');
      await page.waitForSelector('.graphiql-execute-button', { timeout: 30_000 });
      // The editor shows the starting query once its workers are up.
      await expect.poll(() => page.locator('.graphiql-query-editor .view-lines').first().textContent(), { timeout: 30_000 }).toContain('company');
      await screenshot(page, 'graphiql-1280');
      await page.click('.graphiql-execute-button');
      // The answer pane spaces its text with no-break spaces.
      const answer = async () => (await page.locator('.graphiql-response').textContent())?.replace(/\s+/g, ' ');
      await expect.poll(answer, { timeout: 30_000 }).toContain(`"name": "${company.company.name}"`);
      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
    } finally {
      await close();
    }
  });
});
