import type { ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';

type Schema = SchemaObject | ReferenceObject;

const byName: Record<string, unknown> = {
  id: 1,
  code: 'PRD-01',
  reference_code: 'ORC-01',
  description: 'Stainless steel valve 2"',
  language: 'pt-BR',
  label: 'ERP',
  name: 'Acme Trading',
  total_count: 1,
};

/** How deep examples go (deep enough for an order's handler actors). */
const MAX_DEPTH = 12;
/** Marks a component met again on its own path: a nullable field or a list stops there. */
const CYCLE = Symbol('cycle');

/** A plausible example value for a schema, built from its components (for the reference docs). */
export function exampleOf(
  schema: Schema,
  components: Record<string, SchemaObject>,
  key = '',
  depth = 0,
  path: ReadonlySet<string> = new Set(),
): unknown {
  if ('$ref' in schema) {
    const name = (schema.$ref as string).split('/').pop()!;
    if (path.has(name)) return CYCLE;
    return exampleOf(components[name], components, key, depth, new Set(path).add(name));
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.anyOf) {
    const value = exampleOf(schema.anyOf[0], components, key, depth, path);
    return value === CYCLE ? null : value;
  }
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (key in byName && typeof byName[key] === ({ string: 'string', integer: 'number' } as Record<string, string>)[String(type)]) return byName[key];
  switch (type) {
    case 'object': {
      if (!schema.properties || depth > MAX_DEPTH) return {};
      return Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => {
          const value = exampleOf(v, components, k, depth + 1, path);
          return [k, value === CYCLE ? null : value];
        }),
      );
    }
    case 'array': {
      const item = schema.items && depth <= MAX_DEPTH ? exampleOf(schema.items, components, key, depth + 1, path) : CYCLE;
      return item === CYCLE ? [] : [item];
    }
    case 'integer':
      return key.endsWith('_id') || key === 'id' ? 1 : 10;
    case 'number':
      return 1.5;
    case 'boolean':
      return false;
    case 'string':
      return key.endsWith('_at') ? '2025-03-01T12:00:00Z' : key;
    default:
      return null;
  }
}
