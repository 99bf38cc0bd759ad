import { useNavigate } from '@remix-run/react';
import type MiniSearch from 'minisearch';
import type { SearchResult } from 'minisearch';
import { useCallback, useEffect, useId, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { searchOptions, type SearchDocument } from '../docs/search-options';

interface Hit {
  url: string;
  page: string;
  heading: string;
}

/** Whether a result carries the fields of a hit (the index stores them, `searchOptions.storeFields`; MiniSearch leaves stored fields untyped). */
const isHit = (result: SearchResult): result is SearchResult & Hit =>
  typeof result.url === 'string' && typeof result.page === 'string' && typeof result.heading === 'string';

type IndexState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; index: MiniSearch<SearchDocument> } | { kind: 'failed' };

const MAX_HITS = 8;

/** True when the key press happened while typing somewhere else. */
const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** The search index, fetched by `load` (again after a failure). */
function useSearchIndex(indexUrl: string) {
  const [state, setState] = useState<IndexState>({ kind: 'idle' });
  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const [{ default: MiniSearchClass }, response] = await Promise.all([import('minisearch'), fetch(indexUrl)]);
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      setState({ kind: 'ready', index: MiniSearchClass.loadJSON<SearchDocument>(await response.text(), searchOptions) });
    } catch (e) {
      console.warn('The search index could not be loaded.', e);
      setState({ kind: 'failed' });
    }
  }, [indexUrl]);
  return { state, load };
}

/** `/` (when not typing elsewhere) or Ctrl-K (Cmd-K) focuses `input`. */
function useFocusShortcut(input: RefObject<HTMLInputElement>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key === '/' && !typing(e.target)) || (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [input]);
}

/** The box's keys: arrows move through the hits, Enter opens the active one, Escape closes the list. */
function hitKeys(count: number, setActive: Dispatch<SetStateAction<number>>, open: () => void, close: () => void) {
  return (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, count - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open();
    } else if (e.key === 'Escape') {
      close();
    }
  };
}

interface SearchResultsProps {
  state: IndexState;
  query: string;
  hits: Hit[];
  listId: string;
  active: number;
  setActive: (i: number) => void;
  go: (hit: Hit) => void;
  retry: () => void;
}

/** The list under the box: loading, a failure with a retry, no results, or the hits. */
function SearchResults({ state, query, hits, listId, active, setActive, go, retry }: SearchResultsProps) {
  return (
    <div className="search-results">
      {state.kind === 'loading' ? (
        <div className="search-status">
          <span className="spinner" aria-label="Loading" /> Loading the search index…
        </div>
      ) : state.kind === 'failed' ? (
        <div className="search-status" role="alert">
          The search index could not be loaded.{' '}
          <button type="button" className="button" onMouseDown={(e) => e.preventDefault()} onClick={retry}>
            Retry
          </button>
        </div>
      ) : hits.length === 0 ? (
        <div className="search-status">No results for “{query}”.</div>
      ) : (
        <ul id={listId} role="listbox" aria-label="Search results">
          {hits.map((hit, i) => (
            <li
              key={hit.url}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => go(hit)}
            >
              <span className="hit-heading">{hit.heading || hit.page}</span>
              {hit.heading ? <span className="hit-page">{hit.page}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The search box (docs/docs-site.md, "Search"): the index of every page and heading, built with
 * the site, is fetched the first time the box is focused. `/` or Ctrl-K focuses it; arrows move
 * through the hits, Enter opens one, Escape closes the list.
 */
export function SearchBox({ indexUrl }: { indexUrl: string }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const { state, load } = useSearchIndex(indexUrl);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  useFocusShortcut(input);

  const hits: Hit[] =
    state.kind === 'ready' && query.trim()
      ? state.index.search(query).filter(isHit).slice(0, MAX_HITS)
      : [];

  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    setOpen(false);
    setQuery('');
    input.current?.blur();
    navigate(hit.url);
  };

  const onKeyDown = hitKeys(hits.length, setActive, () => go(hits[active]), () => {
    setOpen(false);
    input.current?.blur();
  });

  const showList = open && query.trim() !== '';
  return (
    <div className="search" role="search">
      <input
        ref={input}
        type="search"
        className="search-input"
        placeholder="Search"
        aria-label="Search the documentation"
        aria-controls={listId}
        aria-expanded={showList}
        aria-activedescendant={showList && hits[active] ? `${listId}-${active}` : undefined}
        role="combobox"
        aria-autocomplete="list"
        value={query}
        onFocus={() => {
          setOpen(true);
          if (state.kind === 'idle') void load();
        }}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <kbd className="search-key" aria-hidden="true">
        /
      </kbd>
      {showList ? (
        <SearchResults state={state} query={query} hits={hits} listId={listId} active={active} setActive={setActive} go={go} retry={() => void load()} />
      ) : null}
    </div>
  );
}
