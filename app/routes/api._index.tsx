import type { LinksFunction, MetaFunction, SerializeFrom } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { redocUrl, referenceHeadHtml, referencePreviewUrls } from '~/docs/site.server';
import { operationIndex } from '~/docs/operation-index.server';
import { loadPreview, loadRedoc, loadSpec, referenceOptions, type ColorMode } from '~/docs/redoc';
import styles from '~/docs/api-reference.css';

/**
 * The renderer, the reference's first operation (`html`, drawn at build time) and the page's
 * operation list (the page's content without JavaScript).
 */
export const loader = () => json({ redocUrl: redocUrl(), previewUrls: referencePreviewUrls(), html: referenceHeadHtml() as string | null, sections: operationIndex() });

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

// The renderer and the description are fetched while the page's own scripts load, in parallel;
// only this page loads them (the tutorial pages never do).
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: 'API reference | TradeTrack Docs' },
  ...(data
    ? [
        { tagName: 'link', rel: 'preload', as: 'script', href: data.redocUrl },
        { tagName: 'link', rel: 'preload', as: 'fetch', href: '/openapi.json', crossOrigin: 'anonymous' },
      ]
    : []),
];

type Status = 'loading' | 'ready' | 'failed';

/** After the browser has painted what the DOM holds now. */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const colorMode = (): ColorMode => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

type Sections = SerializeFrom<typeof loader>['sections'];

/**
 * Draws Redoc into `container`: the preview first (it is light to fetch and quick to draw), then
 * the live Redoc, drawn again when the color mode changes; `retry` loads the renderer again.
 */
function useRedoc(redocUrl: string, previewUrls: Record<ColorMode, string>) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    let active = true;
    let observer: MutationObserver | undefined;
    // The preview is shown first (it is light to fetch and quick to draw); the live Redoc's
    // drawing would hold the page's only thread for seconds before it.
    const previewShown =
      preview === undefined
        ? loadPreview(previewUrls[colorMode()]).then(
            async (html) => {
              if (!active) return;
              flushSync(() => setPreview(html));
              await nextPaint();
            },
            // A preview that fails to load leaves the list in its place: the live Redoc follows anyway.
            () => undefined,
          )
        : Promise.resolve();
    previewShown
      .then(() => Promise.all([loadRedoc(redocUrl), loadSpec()]))
      .then(
        ([redoc, spec]) => {
          const render = (mode: ColorMode) =>
            new Promise<void>((resolve, reject) => redoc.init(spec, referenceOptions(mode), container.current, (e) => (e ? reject(e) : resolve())));
          if (!active) return;
          render(colorMode()).then(
            () => active && setStatus('ready'),
            () => active && setStatus('failed'),
          );
          // The navbar's switch changes html[data-theme] at any time: Redoc is drawn again in that mode.
          observer = new MutationObserver(() => void render(colorMode()));
          observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
        },
        () => active && setStatus('failed'),
      );
    return () => {
      active = false;
      observer?.disconnect();
    };
    // The preview is loaded once (a retry finds it shown); a retry loads the renderer again.
  }, [redocUrl, previewUrls, attempt]);

  const retry = () => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  };
  return { container, status, preview, retry };
}

/** The server's list of operations, by section: the page's content before Redoc, or without JavaScript. */
function OperationIndex({ sections, hidden }: { sections: Sections; hidden: boolean }) {
  return (
    <section className="doc api-index" hidden={hidden} aria-label="Operations">
      <h1>API reference</h1>
      <p>
        Every operation of the REST API, by section. The full description is <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).
      </p>
      {sections.map((section) => (
        <section key={section.tag}>
          <h2>{section.tag}</h2>
          <ul>
            {section.operations.map((op) => (
              <li key={op.operationId}>
                <a href={`#${op.anchor}`}>
                  <code className="api-method">{op.method}</code> <code>{op.path}</code> {op.summary}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/**
 * The API reference: Redoc renders /openapi.json in the site chrome. Until it has, the preview
 * Redoc drew at build time stands in (scripts/reference-preview.ts), and before that, or
 * without JavaScript, the server's list of operations.
 */
export default function ApiReference() {
  const { redocUrl, previewUrls, html: served, sections } = useLoaderData<typeof loader>();
  // The page first served comes without the first operation's HTML in its data
  // (app/entry.server.tsx): the document holds it, read once as the page hydrates.
  const [head] = useState(() => served ?? (typeof document !== 'undefined' ? (document.querySelector('.redoc-preview.redoc-first')?.innerHTML ?? '') : ''));
  const { container, status, preview, retry } = useRedoc(redocUrl, previewUrls);

  return (
    <div className="api-reference" data-status={status} data-preview={preview && status !== 'ready' ? 'shown' : undefined}>
      {status === 'loading' ? (
        <p className="api-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the API reference…
        </p>
      ) : null}
      {status === 'failed' ? (
        <p className="api-status" role="alert">
          The API reference could not be loaded.{' '}
          <button type="button" className="button" onClick={retry}>
            Retry
          </button>
        </p>
      ) : null}
      {/* The first operation, in the page itself: readable at the first paint. */}
      {preview === undefined && status !== 'ready' ? <div className="redoc-preview redoc-first" dangerouslySetInnerHTML={{ __html: head }} /> : null}
      <OperationIndex sections={sections} hidden={status === 'ready' || preview !== undefined} />
      {preview && status !== 'ready' ? <div className="redoc-preview" dangerouslySetInnerHTML={{ __html: preview }} /> : null}
      {/* Drawn out of sight until ready, so the preview stays in place meanwhile. */}
      <div id="redoc" ref={container} className={status === 'ready' ? undefined : 'redoc-pending'} />
    </div>
  );
}
