import { getNamedType, isObjectType, type GraphQLSchema } from 'graphql';

/**
 * The selection set of every field of a GraphQL object type, nested objects included
 * (fields with required arguments and cycles are skipped). Routes answer whole objects
 * without writing their field lists by hand.
 */
export function selectAll(schema: GraphQLSchema, typeName: string, seen: ReadonlySet<string> = new Set()): string {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  const inner = new Set(seen).add(typeName);
  const parts: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((a) => a.type.toString().endsWith('!') && a.defaultValue === undefined)) continue;
    const named = getNamedType(field.type);
    if (isObjectType(named)) {
      if (inner.has(named.name)) continue;
      parts.push(`${field.name} { ${selectAll(schema, named.name, inner)} }`);
    } else {
      parts.push(field.name);
    }
  }
  return parts.join(' ');
}
