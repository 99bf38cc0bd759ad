import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { DocLayout } from '~/docs/DocLayout';
import { lookupPage } from '~/docs/site.server';

/** A documentation page (app/docs/pages.ts), a 301 to its one URL, or the 404 page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const found = lookupPage(url.pathname);
  if (found.kind === 'redirect') return redirect(`${found.to}${url.search}`, 301);
  if (found.kind === 'missing') throw new Response('Not Found', { status: 404 });
  const { page, previous, next } = found;
  return json({ title: page.title, html: page.html, headings: page.headings, slug: page.slug, previous, next });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} | TradeTrack Docs` : 'Page Not Found | TradeTrack Docs' },
];

export default function DocPage() {
  const page = useLoaderData<typeof loader>();
  // The page first served comes without its HTML in the data (app/entry.server.tsx): the
  // document holds it, read once as the page hydrates.
  const served: string | null = page.html;
  const [inDocument] = useState(() => (served === null && typeof document !== 'undefined' ? (document.querySelector('main.doc')?.innerHTML ?? '') : ''));
  return <DocLayout {...page} html={served ?? inDocument} />;
}
