import type { MetaFunction } from '@remix-run/node';
import { useEffect, useRef, useState } from 'react';

export const meta: MetaFunction = () => [{ title: 'API reference | TradeTrack Docs' }];

declare global {
  interface Window {
    Redoc?: { init(spec: string, options: object, el: HTMLElement | null, cb?: (e?: unknown) => void): void };
  }
}

/** The API reference: Redoc renders /openapi.json in the site chrome. */
export default function ApiReference() {
  const el = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const init = () =>
      window.Redoc?.init(
        '/openapi.json',
        {
          scrollYOffset: '.navbar',
          hideDownloadButton: false,
          theme: { colors: { primary: { main: '#2e7d32' } }, sidebar: { width: '300px' } },
        },
        el.current,
      );
    if (window.Redoc) return init();
    const script = document.createElement('script');
    script.src = '/redoc.standalone.js';
    script.onload = init;
    script.onerror = () => setFailed(true);
    document.body.appendChild(script);
  }, []);
  return (
    <div className="redoc-wrap">
      {failed ? <p className="doc">The API reference could not be loaded. <a href="/openapi.json">Download the OpenAPI description</a>.</p> : null}
      <div id="redoc" ref={el} />
    </div>
  );
}
