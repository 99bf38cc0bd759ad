import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { AnnouncementBar } from './chrome/AnnouncementBar';
import { CrashPage, NotFoundPage } from './chrome/ErrorPages';
import { Footer } from './chrome/Footer';
import { Navbar } from './chrome/Navbar';
import { preferencesScript } from './chrome/preferences';
import { ProgressBar } from './chrome/ProgressBar';
import { searchIndexUrl, sidebar } from './docs/site.server';
import styles from './styles.css';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
];

/** What every page's chrome needs: the shared sidebar and the search index's address. */
export const loader = () => json({ sidebar: sidebar(), searchIndexUrl: searchIndexUrl() });

/** The chrome's data never changes while the server runs. */
export const shouldRevalidate = () => false;

export const meta: MetaFunction = ({ error }) => {
  if (!error) return [];
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: missing ? 'Page Not Found | TradeTrack Docs' : 'This page crashed. | TradeTrack Docs' }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const chrome = useRouteLoaderData<typeof loader>('root');
  return (
    // The preferences script sets data-theme before the first paint; React leaves it be.
    <html lang="en" data-theme="light" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: preferencesScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        <AnnouncementBar />
        <Navbar sidebar={chrome?.sidebar ?? []} searchIndexUrl={chrome?.searchIndexUrl ?? ''} />
        <ProgressBar />
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
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <CrashPage error={error} />;
}
