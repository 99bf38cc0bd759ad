import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { NavLink, useLoaderData } from '@remix-run/react';
import { docPages, renderDoc } from '~/server/docs.server';

/** A tutorial page from docs/, or a 404 for any path the site does not have. */
export async function loader({ request }: LoaderFunctionArgs) {
  const doc = renderDoc(new URL(request.url).pathname);
  if (!doc) throw new Response('Not Found', { status: 404 });
  return json({
    title: doc.title,
    html: doc.html,
    headings: doc.headings,
    sidebar: docPages.map(({ slug, title, group }) => ({ to: `/${slug}`, title, group })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} | TradeTrack Docs` : 'Page Not Found | TradeTrack Docs' }];

export default function DocPage() {
  const { html, headings, sidebar } = useLoaderData<typeof loader>();
  let group: string | undefined;
  return (
    <div className="docs">
      <aside className="sidebar" aria-label="Tutorial">
        {sidebar.map((item) => {
          const header = item.group && item.group !== group ? <div className="group">{item.group}</div> : null;
          group = item.group;
          return (
            <div key={item.to}>
              {header}
              <NavLink to={item.to} end>
                {item.title}
              </NavLink>
            </div>
          );
        })}
      </aside>
      <main className="doc" dangerouslySetInnerHTML={{ __html: html }} />
      <nav className="toc" aria-label="On this page">
        {headings.map((h) => (
          <a key={h.id} href={`#${h.id}`} className={`l${h.level}`}>
            {h.text}
          </a>
        ))}
      </nav>
    </div>
  );
}
