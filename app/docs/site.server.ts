// The built documentation site (scripts/build-docs.ts writes build/docs.json): read once, then
// every page request is a lookup.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuiltSite } from '../../scripts/build-site';

let site: BuiltSite | undefined;

// NOTE: resolved from the working directory, like every file of the app (CONTRIBUTING.md).
function builtSite(): BuiltSite {
  site ??= JSON.parse(readFileSync(path.resolve('build/docs.json'), 'utf8')) as BuiltSite;
  return site;
}

export interface SidebarItem {
  to: string;
  title: string;
  group?: string;
}

/** What a page request finds: the page, or the canonical path to redirect to, or nothing. */
export type PageLookup =
  | { kind: 'page'; page: BuiltSite['pages'][number]; previous?: SidebarItem; next?: SidebarItem }
  | { kind: 'redirect'; to: string }
  | { kind: 'missing' };

const itemOf = (p: BuiltSite['pages'][number]): SidebarItem => ({ to: `/${p.slug}`, title: p.sidebarTitle, group: p.group });

/** The sidebar every tutorial page shares. */
export const sidebar = (): SidebarItem[] => builtSite().pages.map(itemOf);

export const searchIndexUrl = (): string => builtSite().searchIndexUrl;

/** One URL per page: `/orders/` redirects to `/orders`, `/processes` to `/processes/`. */
export function lookupPage(pathname: string): PageLookup {
  const pages = builtSite().pages;
  const slug = pathname.replace(/^\//, '');
  const i = pages.findIndex((p) => p.slug === slug);
  if (i >= 0) return { kind: 'page', page: pages[i], previous: pages[i - 1] && itemOf(pages[i - 1]), next: pages[i + 1] && itemOf(pages[i + 1]) };
  const other = pages.find((p) => p.slug === `${slug}/` || `${p.slug}/` === slug);
  return other ? { kind: 'redirect', to: `/${other.slug}` } : { kind: 'missing' };
}

/** Where the API reference page loads its renderer from. */
export const redocUrl = (): string => builtSite().redocUrl;

/** Where the API reference page loads its preview from, per colour mode. */
export const referencePreviewUrls = (): BuiltSite['referencePreviewUrls'] => builtSite().referencePreviewUrls;

/**
 * The reference's first operation in both colour modes, as HTML for the /api/ page: the style
 * sheet (app/docs/api-reference.css) shows the one of the page's colour mode.
 */
export const referenceHeadHtml = (): string =>
  (['light', 'dark'] as const).map((mode) => `<div class="redoc-head" data-mode="${mode}">${builtSite().referenceHead[mode]}</div>`).join('');
export const graphiqlAssetUrls = (): BuiltSite['graphiql'] => builtSite().graphiql;
