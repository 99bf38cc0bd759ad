import { useNavigation } from '@remix-run/react';
import NProgress from 'nprogress';
import { useEffect } from 'react';

/** Progress bar delay (docs/docs-site.md): a route change faster than this shows nothing. */
export const PROGRESS_DELAY_MS = 200;

/** A slim bar under the navbar while a route change takes longer than 200 ms; no spinner. */
export function ProgressBar() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    NProgress.configure({ showSpinner: false, trickleSpeed: 200, minimum: 0.1 });
    const timer = window.setTimeout(() => NProgress.start(), PROGRESS_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      NProgress.done();
    };
  }, [busy]);
  return null;
}
