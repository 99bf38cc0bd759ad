import { parse, print, printSchema } from 'graphql';
import { schema } from '../graph/schema.ts';
import { routes } from '../rest/routes/index.ts';

/** The SDL and the route documents as they should be committed. */
export async function artifacts(): Promise<{ sdl: string; operations: string }> {
  const sdl = `${printSchema(schema)}\n`;
  const operations = `${routes.map((r) => `# ${r.method} /api${r.path} (${r.id})\n${print(parse(r.document))}`).join('\n\n')}\n`;
  return { sdl, operations };
}
