// Markdown to the HTML of a documentation page, at build time (docs/docs-site.md): headings get
// ids and permalinks, code is highlighted in both colour modes, every code block gets a copy
// button, and every request example (a block of curl commands) becomes three tabs: curl,
// JavaScript and Python, made from the one command.
import { Marked, type Tokens } from 'marked';
import { createHighlighter, type Highlighter } from 'shiki';
import { languages, parseCurl, samplesOf } from '../../openapi/code-samples';
import { referenceLine, type OperationFinder } from './reference-links';
import { pageExamples } from '../../openapi/page-examples';

export interface Heading {
  id: string;
  text: string;
  level: number;
}

export interface RenderedPage {
  title: string;
  html: string;
  /** Headings of levels 2 and 3, for the table of contents. */
  headings: Heading[];
  /** Every heading id of the page (link targets). */
  anchors: string[];
  /** Every link target of the page, as written. */
  links: string[];
  /** The text of the page by section, for the search index. */
  sections: { id: string; heading: string; text: string }[];
}

const LANGS = ['bash', 'javascript', 'python', 'json', 'http', 'graphql', 'typescript'] as const;
const ALIASES: Record<string, string> = { sh: 'bash', shell: 'bash', js: 'javascript', ts: 'typescript', py: 'python' };

let highlighter: Promise<Highlighter> | undefined;
/** The highlighter, made once: the two site themes and the languages the pages use. */
export function codeHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: ['github-light', 'github-dark'], langs: [...LANGS] });
  return highlighter;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const stripTags = (s: string) => s.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

function highlighted(h: Highlighter, code: string, lang: string): string {
  const id = ALIASES[lang] ?? lang;
  const known = (LANGS as readonly string[]).includes(id);
  return h.codeToHtml(code.replace(/\n$/, ''), {
    lang: known ? id : 'text',
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: 'light',
  });
}

const copyable = (inner: string) => `<div class="code-block">${inner}<button type="button" class="copy-button" aria-label="Copy code">Copy</button></div>`;

/** A request example as three tabs; which one shows is the reader's choice, kept across pages. */
function requestTabs(h: Highlighter, samples: Record<string, string>): string {
  const tabs = languages
    .map(({ id, label }) => `<button type="button" role="tab" class="code-tab" data-lang="${id}">${label}</button>`)
    .join('');
  const panels = languages
    .map(({ id }) => `<div class="code-panel" role="tabpanel" data-lang="${id}">${copyable(highlighted(h, samples[id], id === 'curl' ? 'bash' : id))}</div>`)
    .join('');
  return `<div class="code-tabs"><div class="code-tablist" role="tablist">${tabs}</div>${panels}</div>`;
}

/** Renders one markdown page; with `findOperation`, each request example links the operations it calls. */
export async function renderMarkdown(source: string, fallbackTitle: string, findOperation?: OperationFinder): Promise<RenderedPage> {
  const h = await codeHighlighter();
  const headings: Heading[] = [];
  const anchors: string[] = [];
  const links: string[] = [];
  const used = new Map<string, number>();
  // The page's examples in order: a block's tabs continue the program of those before it.
  const examples = pageExamples(source);
  let nextExample = 0;
  const flowOf = (code: string) => {
    const at = examples.findIndex((e, i) => i >= nextExample && e.script.trim() === code.trim());
    if (at < 0) return undefined;
    nextExample = at + 1;
    return examples[at].flow;
  };
  const marked = new Marked({ gfm: true });
  marked.use({
    walkTokens(token) {
      if (token.type === 'link') links.push((token as Tokens.Link).href);
    },
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        const text = stripTags(inner);
        const base = slugify(inner) || 'section';
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n ? `${base}-${n}` : base;
        anchors.push(id);
        if (depth >= 2 && depth <= 3) headings.push({ id, text, level: depth });
        const link = depth >= 2 ? `<a class="hash-link" href="#${id}" aria-label="Permalink to ${escapeHtml(text)}">#</a>` : '';
        return `<h${depth} id="${id}">${inner}${link}</h${depth}>\n`;
      },
      code({ text, lang }) {
        const info = (lang ?? '').split(/\s+/)[0];
        const samples = info === 'sh' || info === 'bash' ? samplesOf(text, flowOf(text)) : null;
        if (samples) {
          const links = findOperation ? parseCurl(text).flatMap((r) => findOperation(r) ?? []) : [];
          return referenceLine(links) + requestTabs(h, samples);
        }
        return copyable(highlighted(h, text, info || 'text'));
      },
      link({ href, title, tokens }) {
        const inner = this.parser.parseInline(tokens);
        const external = /^https?:\/\//.test(href);
        const t = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(href)}"${t}${external ? ' rel="noopener"' : ''}>${inner}</a>`;
      },
    },
  });
  const html = marked.parse(source, { async: false }) as string;
  const title = /^#\s+(.+)$/m.exec(source)?.[1]?.replace(/`/g, '') ?? fallbackTitle;
  return { title, html, headings, anchors, links, sections: sectionsOf(html) };
}

/** The page's text cut at its headings of level 2 and below (tab buttons and copy labels aside). */
function sectionsOf(html: string): RenderedPage['sections'] {
  const text = (chunk: string) =>
    stripTags(chunk.replace(/<button[^>]*>[^<]*<\/button>/g, ' ').replace(/<div class="code-panel" role="tabpanel" data-lang="(?!curl)[\s\S]*?<\/div><\/div>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim();
  const parts = html.split(/(?=<h[2-6] id=")/);
  return parts.map((part, i) => {
    const m = /^<h[2-6] id="([^"]+)">([\s\S]*?)<\/h[2-6]>/.exec(part);
    if (!m || i === 0) return { id: '', heading: '', text: text(part.replace(/^<h1[\s\S]*?<\/h1>/, '')) };
    return { id: m[1], heading: text(m[2]), text: text(part.slice(m[0].length)) };
  });
}
