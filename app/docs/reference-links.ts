// Every request example of a documentation page names the operations it calls, linked to them in
// the API reference (docs/docs-site.md, "Request examples"): the method and path of each curl
// command are matched against the OpenAPI description's paths when the site is built.
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { SampleRequest } from '../../openapi/code-samples';

export interface OperationLink {
  /** Redoc's address of the operation: `tag/<Tag>/operation/<operationId>`. */
  anchor: string;
  /** `POST /api/products`, as the reference lists it. */
  label: string;
}

/** Finds the operation a request calls, or undefined for a call outside the description. */
export type OperationFinder = (request: SampleRequest) => OperationLink | undefined;

// Redoc names a tag's section by the tag with its runs of blanks made hyphens; the browser test
// checks the index's anchors against the rendered sections.
export const tagSlug = (tag: string) => tag.trim().replace(/\s+/g, '-');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Template {
  method: string;
  pattern: RegExp;
  /** Literal characters of the path: a more literal template wins (`/keys/{prefix}/rotate` over `/keys/{prefix}`). */
  literal: number;
  link: OperationLink;
}

/** The API path a request's URL names (after `/api`, without its query), variables as `{}`. */
function apiPathOf(request: SampleRequest): string | undefined {
  const url = request.url.map((p) => (typeof p === 'string' ? p : '{}')).join('');
  const at = url.indexOf('/api/');
  return at < 0 ? undefined : url.slice(at + 4).split(/[?#]/, 1)[0];
}

export function operationFinder(doc: OpenAPIObject): OperationFinder {
  const templates: Template[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, { operationId?: string; tags?: string[] } | undefined>)[method];
      if (!op?.operationId) continue;
      const source = path.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
      templates.push({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${source}/?$`),
        literal: path.replace(/\{[^}]+\}/g, '').length,
        link: { anchor: `tag/${tagSlug(op.tags?.[0] ?? '')}/operation/${op.operationId}`, label: `${method.toUpperCase()} /api${path}` },
      });
    }
  }
  templates.sort((a, b) => b.literal - a.literal);
  return (request) => {
    const path = apiPathOf(request);
    if (path === undefined) return undefined;
    return templates.find((t) => t.method === request.method && t.pattern.test(path))?.link;
  };
}

/** The line above a request example: each operation it calls, once, linked to the reference. */
export function referenceLine(links: OperationLink[]): string {
  const unique = [...new Map(links.map((l) => [l.anchor, l])).values()];
  if (!unique.length) return '';
  const items = unique.map((l) => `<a href="/api/#${l.anchor}"><code>${l.label}</code></a>`).join(', ');
  return `<p class="example-reference">In the API reference: ${items}</p>`;
}
