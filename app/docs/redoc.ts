// Redoc in the browser, for the API reference page (app/routes/api._index.tsx): loading its
// standalone bundle and the description, its options in the site's two colour modes, and
// keeping it from fetching anything from another host.

export type ColorMode = 'light' | 'dark';

export interface RedocGlobal {
  init(spec: object | string, options: object, element: HTMLElement | null, callback?: (error?: unknown) => void): void;
}

declare global {
  interface Window {
    Redoc?: RedocGlobal;
  }
}

/** Redoc's bundle as a script element (preloaded by the page's head); a failed load can be tried again. */
export function loadRedoc(src: string): Promise<RedocGlobal> {
  if (window.Redoc) return Promise.resolve(window.Redoc);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => (window.Redoc ? resolve(window.Redoc) : reject(new Error('Redoc did not start')));
    script.onerror = () => {
      // A retry adds a new element: a failed one is not loaded again.
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.body.appendChild(script);
  });
}

let spec: Promise<object> | undefined;

/** The OpenAPI description (preloaded by the page's head), fetched once per page load unless it failed. */
export function loadSpec(): Promise<object> {
  spec ??= fetch('/openapi.json').then((res) => {
    if (!res.ok) throw new Error(`/openapi.json answered ${res.status}`);
    return res.json() as Promise<object>;
  });
  spec.catch(() => (spec = undefined));
  return spec;
}

/** The reference's preview drawn at build time (scripts/reference-preview.ts): an HTML fragment. */
export async function loadPreview(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}

/** The sticky navbar's height: what Redoc keeps clear above the sidebar and above a heading it scrolls to. */
const navbarHeight = () => document.querySelector('.navbar')?.getBoundingClientRect().height ?? 60;

const palettes = {
  light: { primary: '#2e7d32' },
  // The site's dark palette (app/styles.css): a lighter green on near-black.
  dark: {
    primary: '#66bb6a',
    background: '#1b1b1d',
    backgroundSoft: '#242526',
    text: '#e3e3e3',
    muted: '#a0a4aa',
    border: '#3a3b3e',
    panel: '#111214',
  },
};

/** Redoc's theme (its ThemeInterface) in a colour mode: the site's green, and dark surfaces in dark mode. */
function themeOf(mode: ColorMode): object {
  const base = {
    colors: { primary: { main: mode === 'dark' ? palettes.dark.primary : palettes.light.primary } },
    sidebar: { width: '300px' },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' } },
  };
  if (mode === 'light') return base;
  const d = palettes.dark;
  return {
    ...base,
    colors: {
      ...base.colors,
      text: { primary: d.text, secondary: d.muted },
      gray: { 50: d.backgroundSoft, 100: d.border },
      border: { light: d.border, dark: '#55575b' },
    },
    schema: { linesColor: '#55575b', typeNameColor: d.muted, typeTitleColor: d.text, nestedBackground: d.backgroundSoft },
    typography: { ...base.typography, code: { color: '#f0a8a8', backgroundColor: d.backgroundSoft }, links: { color: d.primary, visited: d.primary, hover: '#81c784' } },
    sidebar: { ...base.sidebar, backgroundColor: d.backgroundSoft, textColor: d.text, activeTextColor: d.primary },
    rightPanel: { backgroundColor: d.panel, textColor: d.text },
    codeBlock: { backgroundColor: '#0b0c0d' },
    fab: { backgroundColor: d.backgroundSoft, color: d.primary },
  };
}

/**
 * Redoc's options: the theme of the mode, and anchors scrolled to below the sticky navbar
 * (`scrollYOffset`: the navbar's height as drawn; the preview drawn at build time takes 60 px).
 */
export function referenceOptions(mode: ColorMode, scrollYOffset: number | (() => number) = navbarHeight): object {
  return {
    theme: themeOf(mode),
    // A function, not the '.navbar' selector: Redoc takes a selector's bottom edge, which sits
    // below the announcement bar until the page scrolls (the navbar then sticks at the top).
    scrollYOffset,
    // The description is passed as an object (fetched in parallel with the bundle); its download
    // button still links the published file.
    downloadUrls: [{ title: 'Download', url: '/openapi.json' }],
    // The browser's own scrollbar in the sidebar: the custom one measures the whole page on
    // start, about a third of Redoc's time to first render with this description.
    nativeScrollbars: true,
    // The navbar's search box finds every operation (docs/docs-site.md, "Search"); Redoc's own
    // would build a second index of the whole description on every load.
    disableSearch: true,
  };
}
