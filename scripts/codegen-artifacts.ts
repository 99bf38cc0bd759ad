import { Kind, parse, print, printSchema, type FragmentDefinitionNode } from 'graphql';
import { schema } from '../graph/schema.ts';
import { routes } from '../rest/routes/index.ts';
import { printOperation } from '../rest/selection.ts';

/**
 * The SDL and the route documents as they should be committed: every route's operation, then
 * each fragment the routes use once, by name (each route's own document carries its copies).
 */
export async function artifacts(): Promise<{ sdl: string; operations: string }> {
  const sdl = `${printSchema(schema)}\n`;
  const fragments = new Map<string, FragmentDefinitionNode>();
  const ops = routes.map((r) => {
    const document = parse(r.document);
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    return `# ${r.method} /api${r.path} (${r.id})\n${printOperation(document)}`;
  });
  const defs = [...fragments.keys()].sort().map((name) => print(fragments.get(name)!));
  const operations = `${ops.join('\n\n')}\n\n# Fragments: every field of each object type the routes answer (rest/selection.ts)\n\n${defs.join('\n\n')}\n`;
  return { sdl, operations };
}
