import type { LinksFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from '@remix-run/react';
import styles from './styles.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

function Navbar() {
  return (
    <nav className="navbar" aria-label="Main">
      <Link to="/" className="brand">
        TradeTrack <span>Docs</span>
      </Link>
      <NavLink to="/" end className="nav-item">
        Tutorial
      </NavLink>
      <a href="/api/" className="nav-item">
        API Docs
      </a>
    </nav>
  );
}

function Footer() {
  return (
    <footer className="footer">
      <div>
        <h4>Docs</h4>
        <Link to="/">Tutorial</Link>
        <a href="/api/">API Docs</a>
      </div>
      <div>
        <h4>Platform</h4>
        <a href="https://app.tradetrack.example">Web app</a>
        <a href="https://tradetrack.example">Website</a>
      </div>
      <p className="copyright">Copyright © 2025 TradeTrack.</p>
    </footer>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* No icon file: browsers would otherwise ask for /favicon.ico on every page. */}
        <link rel="icon" href="data:," />
      </head>
      <body>
        <Navbar />
        <div className="page">{children}</div>
        <Footer />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="doc not-found">
        <h1>Page Not Found</h1>
        <p>We could not find what you were looking for.</p>
        <p>
          <Link to="/">Back to the introduction</Link>
        </p>
      </main>
    );
  }
  const chain: string[] = [];
  let e: unknown = error;
  while (e instanceof Error && chain.length < 5) {
    chain.push(e.message);
    e = (e as Error & { cause?: unknown }).cause;
  }
  return (
    <main className="doc crash">
      <h1>This page crashed.</h1>
      {chain.map((m, i) => (
        <p key={i}>{m}</p>
      ))}
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
