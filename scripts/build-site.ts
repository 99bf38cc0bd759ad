// Builds what the site serves besides the app's own bundles (docs/docs-site.md), after
// `remix build`: every page of app/docs/pages.ts rendered from its markdown into
// build/docs.json, the search index and the API reference's renderer as fingerprinted assets,
// and a Brotli and a gzip copy of every text asset. A link to a page or heading that does not
// exist stops the build.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCallback } from 'node:zlib';
import MiniSearch from 'minisearch';
import { docPages } from '../app/docs/pages';
import { buildOpenApi } from '../openapi/builder';
import { renderMarkdown, type RenderedPage } from '../app/docs/render';
import { operationFinder } from '../app/docs/reference-links';
import { searchOptions, type SearchDocument } from '../app/docs/search-options';
import type { ColorMode } from '../app/docs/redoc';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { referencePreview } from './reference-preview';

/** Paths served by the app that are not documentation pages. */
const OTHER_PATHS = new Set(['/api/', '/openapi.json', '/graphql']);

export interface BuiltSite {
  pages: (RenderedPage & { slug: string; group?: string; sidebarTitle: string })[];
  searchIndexUrl: string;
  /** Redoc's browser bundle, served from the installed package under a fingerprinted name. */
  redocUrl: string;
  /** The API reference as Redoc draws it, made at build time in each colour mode (scripts/reference-preview.ts). */
  referencePreviewUrls: Record<ColorMode, string>;
  /** The reference's first operation as the preview draws it, in each colour mode, inlined in /api/ (referenceHeads). */
  referenceHead: Record<ColorMode, string>;
  /** GraphiQL's stylesheet, script and editor workers, from the installed package (app/server/graphiql.server.ts). */
  graphiql: { css: string; js: string; workers: Record<GraphiqlWorker, string> };
}

/** The editor workers GraphiQL's page starts, by the label its editor asks for. */
export type GraphiqlWorker = 'editorWorkerService' | 'json' | 'graphql';

const fingerprint = (data: Buffer | string) => createHash('sha256').update(data).digest('hex').slice(0, 10);

/** The one address on another host Redoc's bundle loads: its attribution logo (no option turns it off). */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
/** Our mark in its place, inline, so the page loads nothing from another host (docs/docs-site.md, "The API reference"). */
const LOCAL_LOGO = `data:image/svg+xml,${encodeURIComponent(readFileSync('public/favicon.svg', 'utf8').trim())}`;

const localLogo = (text: string) => text.replaceAll(REDOC_LOGO, LOCAL_LOGO);

/** A file the site serves under /build/, named by its content. */
interface Asset {
  dir: string;
  file: string;
  content: string;
}

/** `content` as the asset `<dir>/<name>-<fingerprint>.<ext>`. */
function asset(dir: string, name: string, ext: string, content: string): Asset {
  return { dir, file: `${name}-${fingerprint(content)}.${ext}`, content };
}

const urlOf = (a: Asset) => `/build/${a.dir}/${a.file}`;

/** The reference's previews in both colour modes. */
async function referencePreviews(doc: OpenAPIObject): Promise<Record<ColorMode, Asset>> {
  return {
    light: asset('docs', 'reference-light', 'html', await referencePreview(doc, 'light', localLogo)),
    dark: asset('docs', 'reference-dark', 'html', await referencePreview(doc, 'dark', localLogo)),
  };
}

/**
 * The reference's first operation as the preview draws it, in both colour modes: served inside
 * the /api/ page itself, so an operation is readable at the first paint, before any script or
 * the whole preview has loaded (docs/docs-site.md, "The API reference").
 */
async function referenceHeads(doc: OpenAPIObject): Promise<Record<ColorMode, string>> {
  const first = firstOperationOnly(doc);
  return { light: await referencePreview(first, 'light', localLogo), dark: await referencePreview(first, 'dark', localLogo) };
}

/** `doc` reduced to its first tag's first operation (the description's introduction kept). */
function firstOperationOnly(doc: OpenAPIObject): OpenAPIObject {
  const tag = doc.tags?.[0]?.name;
  for (const [at, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, { tags?: string[] }>)) {
      if (typeof operation !== 'object' || !operation?.tags?.includes(tag ?? '')) continue;
      const groups = (doc['x-tagGroups'] as { name: string; tags: string[] }[] | undefined)?.filter((g) => g.tags.includes(tag!));
      return { ...doc, paths: { [at]: { [method]: operation } }, tags: doc.tags!.filter((t) => t.name === tag), 'x-tagGroups': groups?.map((g) => ({ ...g, tags: [tag!] })) };
    }
  }
  throw new Error('the OpenAPI description has no operation under its first tag');
}

/** Redoc's standalone bundle, its attribution logo made local. */
function vendoredRedoc(): Asset {
  const source = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
  if (!source.includes(REDOC_LOGO)) throw new Error(`the Redoc bundle no longer names ${REDOC_LOGO}: check what it loads from other hosts`);
  return asset('vendor', 'redoc.standalone', 'js', localLogo(source));
}

/**
 * GraphiQL as separate fingerprinted files: the package's own page inlines all of them (9 MB
 * of HTML on every visit); served as files they are compressed and cached like the others.
 */
async function graphiqlAssets(): Promise<{ css: Asset; js: Asset; workers: Record<GraphiqlWorker, Asset> }> {
  const parts = await import('@graphql-yoga/render-graphiql/graphiql');
  return {
    css: asset('graphiql', 'graphiql', 'css', parts.css),
    js: asset('graphiql', 'graphiql', 'js', parts.js),
    workers: {
      editorWorkerService: asset('graphiql', 'editor-worker', 'js', parts.editorWorkerService),
      json: asset('graphiql', 'json-worker', 'js', parts.jsonWorker),
      graphql: asset('graphiql', 'graphql-worker', 'js', parts.graphqlWorker),
    },
  };
}

/** The text assets of 1 KiB or more under dir. */
function textAssets(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return textAssets(file);
    return /\.(js|css|json|svg|map|html)$/.test(entry) && statSync(file).size >= 1024 ? [file] : [];
  });
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * Brotli's best quality (11) costs 5 to 8 s per MB on this project's machines: the vendored
 * bundles (Redoc's and GraphiQL's, 9 MB together) took most of a first start's build. Files up
 * to this size (the app's own bundles, the search index) get it; larger ones quality 7, 15 times
 * faster for 10 % more bytes (Redoc's bundle: 299 KB as sent instead of 272 KB;
 * docs/benchmarks.md, "A fast first start").
 */
const BEST_BROTLI_MAX_BYTES = 256 * 1024;
const LARGE_FILE_BROTLI_QUALITY = 7;

/**
 * Writes name.br and name.gz beside every text asset (served when the client accepts them), all
 * at once on zlib's thread pool, so the machine's cores share the work.
 */
async function precompress(dir: string): Promise<number> {
  const files = textAssets(dir);
  await Promise.all(
    files.map(async (file) => {
      const data = readFileSync(file);
      const quality = data.length <= BEST_BROTLI_MAX_BYTES ? 11 : LARGE_FILE_BROTLI_QUALITY;
      const [br, gz] = await Promise.all([
        brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gzip(data, { level: 9 }),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
    }),
  );
  return files.length;
}

function brokenLinks(pages: BuiltSite['pages']): string[] {
  const bySlug = new Map(pages.map((p) => [`/${p.slug}`, p]));
  return pages.flatMap((page) =>
    page.links.flatMap((href) => {
      if (/^(https?:|mailto:)/.test(href)) return [];
      const [target, anchor] = href.split('#');
      const dest = target === '' ? page : bySlug.get(target);
      if (!dest) return OTHER_PATHS.has(target) ? [] : [`/${page.slug}: ${href} (no such page)`];
      if (anchor && !dest.anchors.includes(anchor)) return [`/${page.slug}: ${href} (no such heading)`];
      return [];
    }),
  );
}

/** One search document per operation of the API reference, found by summary, method and path. */
function operationDocuments(): SearchDocument[] {
  const doc = buildOpenApi();
  return Object.entries(doc.paths ?? {}).flatMap(([route, item]) =>
    (['get', 'post', 'put', 'delete'] as const).flatMap((method) => {
      const op = item[method];
      if (!op?.operationId) return [];
      const path = `/api${route}`;
      return [
        {
          id: `operation:${op.operationId}`,
          url: `/api/#operation/${op.operationId}`,
          page: `API reference · ${method.toUpperCase()} ${path}`,
          heading: op.summary ?? op.operationId,
          text: `${method.toUpperCase()} ${path} ${op.description ?? ''}`,
        },
      ];
    }),
  );
}

/** Builds the site into `outDir` and `assetsDir` (after the app's build, which empties `assetsDir`). */
export async function buildSite(outDir = 'build', assetsDir = 'public/build'): Promise<BuiltSite> {
  const pages: BuiltSite['pages'] = [];
  const doc = buildOpenApi();
  const findOperation = operationFinder(doc);
  for (const page of docPages()) {
    const source = readFileSync(path.join('docs', page.file), 'utf8');
    const rendered = await renderMarkdown(source, page.title, findOperation);
    pages.push({ ...rendered, slug: page.slug, group: page.group, sidebarTitle: page.title });
  }
  const broken = brokenLinks(pages);
  if (broken.length) throw new Error(`broken links in the documentation:\n  ${broken.join('\n  ')}`);

  const search = new MiniSearch<SearchDocument>(searchOptions);
  search.addAll(
    pages.flatMap((p) =>
      p.sections.map((s, i) => ({
        id: `${p.slug}#${s.id || i}`,
        url: `/${p.slug}${s.id ? `#${s.id}` : ''}`,
        page: p.title,
        heading: s.heading,
        text: s.text,
      })),
    ),
  );
  search.addAll(operationDocuments());
  const searchIndex = asset('docs', 'search-index', 'json', JSON.stringify(search));
  const redoc = vendoredRedoc();
  const previews = await referencePreviews(doc);
  const referenceHead = await referenceHeads(doc);
  const graphiql = await graphiqlAssets();
  for (const a of [searchIndex, redoc, previews.light, previews.dark, graphiql.css, graphiql.js, ...Object.values(graphiql.workers)]) {
    mkdirSync(path.join(assetsDir, a.dir), { recursive: true });
    writeFileSync(path.join(assetsDir, a.dir, a.file), a.content);
  }
  await precompress(assetsDir);
  const site: BuiltSite = {
    pages,
    searchIndexUrl: urlOf(searchIndex),
    redocUrl: urlOf(redoc),
    referencePreviewUrls: { light: urlOf(previews.light), dark: urlOf(previews.dark) },
    referenceHead,
    graphiql: {
      css: urlOf(graphiql.css),
      js: urlOf(graphiql.js),
      workers: { editorWorkerService: urlOf(graphiql.workers.editorWorkerService), json: urlOf(graphiql.workers.json), graphql: urlOf(graphiql.workers.graphql) },
    },
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'docs.json'), JSON.stringify(site));
  return site;
}

// `tsx scripts/build-site.ts`, after the app's build (scripts/ensure-build.mjs), which empties public/build.
if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  buildSite('build', 'public/build').then(
    (site) => console.log(`site: ${site.pages.length} pages and the assets built in ${Date.now() - started} ms`),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
