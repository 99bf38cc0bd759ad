// The API reference's list of operations, read from the OpenAPI description: what the page
// shows before Redoc renders, and all a reader without JavaScript (or a crawler) gets.
import { openApiJson } from '~/server/openapi.server';
import { tagSlug } from './reference-links';

export interface IndexedOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /** Redoc's address of the operation: `tag/<Tag>/operation/<operationId>`. */
  anchor: string;
}

export interface IndexSection {
  tag: string;
  operations: IndexedOperation[];
}

interface Description {
  paths: Record<string, Record<string, { operationId: string; summary?: string; tags?: string[] }>>;
  'x-tagGroups': { name: string; tags: string[] }[];
}


let index: IndexSection[] | undefined;

/** The operations by tag, in the order of Redoc's sidebar (the tag groups). */
export function operationIndex(): IndexSection[] {
  index ??= (() => {
    const spec = JSON.parse(openApiJson()) as Description;
    const byTag = new Map<string, IndexedOperation[]>();
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const tag = op.tags?.[0] ?? '';
        const operations = byTag.get(tag) ?? [];
        operations.push({ operationId: op.operationId, method: method.toUpperCase(), path, summary: op.summary ?? '', anchor: `tag/${tagSlug(tag)}/operation/${op.operationId}` });
        byTag.set(tag, operations);
      }
    }
    return spec['x-tagGroups'].flatMap((group) => group.tags).map((tag) => ({ tag, operations: byTag.get(tag) ?? [] }));
  })();
  return index;
}
