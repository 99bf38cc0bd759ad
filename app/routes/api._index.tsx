import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { redocUrl } from '~/docs/site.server';
import { operationIndex } from '~/docs/operation-index.server';
import { loadRedoc, loadSpec, referenceOptions, type ColorMode } from '~/docs/redoc';
import styles from '~/docs/api-reference.css';

/** The renderer and the page's operation list (the page's content without JavaScript). */
export const loader = () => json({ redocUrl: redocUrl(), sections: operationIndex() });

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

const colorMode = (): ColorMode => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

/** The API reference: Redoc renders /openapi.json in the site chrome; the server's list stands in until it does. */
export default function ApiReference() {
  const { redocUrl, sections } = useLoaderData<typeof loader>();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    let observer: MutationObserver | undefined;
    Promise.all([loadRedoc(redocUrl), loadSpec()]).then(
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
  }, [redocUrl, attempt]);

  const retry = () => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  };

  return (
    <div className="redoc-wrap" data-status={status}>
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
      <section className="doc api-index" hidden={status === 'ready'} aria-label="Operations">
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
      <div id="redoc" ref={container} />
    </div>
  );
}
