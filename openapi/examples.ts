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

/** A plausible example value for a schema, built from its components (for the reference docs). */
export function exampleOf(schema: Schema, components: Record<string, SchemaObject>, key = '', depth = 0): unknown {
  if ('$ref' in schema) {
    return exampleOf(components[(schema.$ref as string).split('/').pop()!], components, key, depth);
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.anyOf) return exampleOf(schema.anyOf[0], components, key, depth);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (key in byName && (type === 'string' || type === 'integer')) return byName[key];
  switch (type) {
    case 'object': {
      if (!schema.properties || depth > 4) return {};
      return Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, exampleOf(v, components, k, depth + 1)]),
      );
    }
    case 'array':
      return schema.items && depth <= 4 ? [exampleOf(schema.items, components, key, depth + 1)] : [];
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
