// The resolvers of assembled types (docs/decisions/019-assembled-pages.md): an object PostgreSQL
// assembled (graph/assembled/compile.ts) already holds each selected field's answer under the
// field's name, so its fields answer that value and nothing else runs (no Prisma selection
// lookup, no computed field). Objects read by Prisma go to the field's own resolver as before.
import { isObjectType, type GraphQLSchema } from 'graphql';
import { ASSEMBLED } from './compile.ts';
import { assembledTypes } from './shapes.ts';

const wrapped = new WeakSet<GraphQLSchema>();

/** Wraps, once per schema, every field of an assembled type so that an assembled object answers its own value. */
export function answerAssembled(schema: GraphQLSchema): void {
  if (wrapped.has(schema)) return;
  wrapped.add(schema);
  for (const [name, sql] of assembledTypes()) {
    const type = schema.getType(name);
    if (!isObjectType(type)) throw new Error(`${name}: assembled, but not an object type of the schema`);
    const fields = type.getFields();
    for (const fieldName of Object.keys(sql.fields)) {
      const field = fields[fieldName];
      if (!field) throw new Error(`${name}.${fieldName}: assembled, but not a field of the schema`);
      const resolve = field.resolve;
      if (!resolve) continue;
      field.resolve = (source, args, context, info) =>
        (source as Record<string, unknown>)[ASSEMBLED] === 1 ? (source as Record<string, unknown>)[fieldName] : resolve(source, args, context, info);
    }
  }
}
