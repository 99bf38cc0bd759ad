// The API reference's preview (docs/docs-site.md, "The API reference"): Redoc's own drawing of
// the description, made at build time in each colour mode, so /api/ shows the reference as soon
// as this HTML arrives, while the live Redoc loads and draws the same page behind it.
import { createRequire } from 'node:module';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { referenceOptions, type ColorMode } from '../app/docs/redoc';

/** The height of the navbar the preview keeps clear (app/styles.css, .navbar). */
const NAVBAR_HEIGHT = 60;

type RedocLibrary = {
  Redoc: (props: { store: unknown }) => unknown;
  createStore: (spec: object, specUrl: string, options: object) => Promise<unknown>;
};

/**
 * The reference drawn by Redoc's library in `mode`, with its styles: a fragment for the page's
 * container. `replaceHost` rewrites addresses on other hosts (the attribution logo) as the
 * vendored bundle does.
 */
export async function referencePreview(doc: OpenAPIObject, mode: ColorMode, replaceHost: (html: string) => string): Promise<string> {
  const { Redoc, createStore } = createRequire(import.meta.url)('redoc') as RedocLibrary;
  // Redoc's store keeps and changes what it is given: a copy each time.
  const store = await createStore(structuredClone(doc), '/openapi.json', referenceOptions(mode, NAVBAR_HEIGHT));
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(createElement(Redoc as never, { store })));
    // The live Redoc's styled-components would take over (and remove) style elements marked as
    // its own: the preview's styles are plain ones that go with the preview.
    const styles = sheet.getStyleTags().replace(/ data-styled(-version)?="[^"]*"/g, '');
    return replaceHost(`${styles}${html}`);
  } finally {
    sheet.seal();
  }
}
