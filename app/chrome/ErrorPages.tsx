import { Link } from '@remix-run/react';

export function NotFoundPage() {
  return (
    <main className="doc not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        <Link to="/">Back to the introduction</Link> or search these pages with <kbd>/</kbd>.
      </p>
    </main>
  );
}

/** The messages of an error and of its causes, outermost first. */
export function errorChain(error: unknown): string[] {
  const chain: string[] = [];
  let e: unknown = error;
  while (e !== undefined && e !== null && chain.length < 8) {
    chain.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? (e as Error & { cause?: unknown }).cause : undefined;
  }
  return chain;
}

export function CrashPage({ error }: { error: unknown }) {
  return (
    <main className="doc crash">
      <h1>This page crashed.</h1>
      <ol className="error-chain">
        {errorChain(error).map((m, i) => (
          <li key={i}>{i === 0 ? m : `Cause: ${m}`}</li>
        ))}
      </ol>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
