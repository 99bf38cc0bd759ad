import { Link, useRouteLoaderData } from '@remix-run/react';
import { useCallback } from 'react';
import type { loader as rootLoader } from '../root';
import { remember, storageKeys } from '../chrome/preferences';
import type { Heading } from './render';
import type { SidebarItem } from './site.server';
import { SidebarLinks } from './Sidebar';

interface Props {
  html: string;
  headings: Heading[];
  previous?: SidebarItem;
  next?: SidebarItem;
}

/** Clicks inside a page's rendered markdown: the request-example tabs and the copy buttons. */
function onPageClick(e: React.MouseEvent<HTMLElement>) {
  const target = e.target as HTMLElement;
  const tab = target.closest<HTMLElement>('.code-tab');
  if (tab?.dataset.lang) {
    document.documentElement.dataset.codeLanguage = tab.dataset.lang;
    remember(storageKeys.codeLanguage, tab.dataset.lang);
    return;
  }
  const copy = target.closest<HTMLButtonElement>('.copy-button');
  if (copy) {
    const code = copy.parentElement?.querySelector('pre')?.textContent ?? '';
    navigator.clipboard?.writeText(code).then(
      () => {
        copy.textContent = 'Copied';
        window.setTimeout(() => (copy.textContent = 'Copy'), 1500);
      },
      () => (copy.textContent = 'Press Ctrl-C'),
    );
  }
}

/** A tutorial page: the shared 300 px sidebar, the page, its table of contents, previous and next. */
export function DocLayout({ html, headings, previous, next }: Props) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const onClick = useCallback(onPageClick, []);
  return (
    <div className="docs">
      <aside className="sidebar" aria-label="Tutorial">
        <SidebarLinks items={root?.sidebar ?? []} />
      </aside>
      <div className="doc-column">
        <main className="doc" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
        <nav className="pager" aria-label="Pages">
          {previous ? (
            <Link to={previous.to} className="pager-link previous" prefetch="intent">
              <span>Previous</span>
              {previous.title}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={next.to} className="pager-link next" prefetch="intent">
              <span>Next</span>
              {next.title}
            </Link>
          ) : null}
        </nav>
      </div>
      <nav className="toc" aria-label="On this page">
        {headings.length ? <div className="toc-title">On this page</div> : null}
        {headings.map((h) => (
          <a key={h.id} href={`#${h.id}`} className={`l${h.level}`}>
            {h.text}
          </a>
        ))}
      </nav>
    </div>
  );
}
