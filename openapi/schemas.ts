import { restFields } from '../graph/schema-helpers/selection.ts';
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type SelectionSetNode,
} from 'graphql';
import type { ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';
import { holdsText, inputLimits, maxLengthOf } from '../graph/limits/values.ts';
import { formatOf } from '../graph/schema-helpers/text-formats.ts';

type Schema = SchemaObject | ReferenceObject;

const scalarSchemas: Record<string, SchemaObject> = {
  // GraphQL's Int: 32 bits, as the server reads it (a larger value answers 400).
  Int: { type: 'integer', format: 'int32', minimum: -2147483648, maximum: 2147483647 },
  Float: { type: 'number' },
  String: { type: 'string' },
  Boolean: { type: 'boolean' },
  ID: { type: 'string' },
  Decimal: { type: 'string', pattern: '^-?\\d{1,20}(\\.\\d{1,10})?$', example: '1234.5600', description: 'Decimal string; the scale sent is kept.' },
  DateTime: { type: 'string', format: 'date-time', example: '2025-03-01T12:00:00Z' },
  JSONObject: { type: 'object', additionalProperties: true },
  Upload: { type: 'string', format: 'binary', description: 'A file.' },
};

const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** An input's schema with the limits the server enforces on it (docs/limits.md). */
export function withLimits(
  schema: Schema,
  field: { name: string; type: GraphQLInputType; extensions?: unknown },
  maxItems: number = inputLimits.listItems,
): Schema {
  if ('$ref' in schema) return schema;
  if (schema.type === 'array' && schema.items) return { ...schema, maxItems, items: withLimits(schema.items, field) };
  if (schema.type === 'string' && holdsText(field.type)) {
    const format = formatOf(field);
    return { ...schema, maxLength: maxLengthOf(field), ...(format ? { pattern: format.pattern, example: format.example } : {}) };
  }
  if (schema.type === 'object' && getNamedTypeName(field.type) === 'JSONObject') {
    return { ...schema, maxProperties: inputLimits.jsonKeys, description: `At most ${inputLimits.jsonDepth} levels deep, ${inputLimits.jsonKeys} keys in all and ${inputLimits.jsonBytes / 1024} KiB as JSON.` };
  }
  return schema;
}

function getNamedTypeName(type: GraphQLInputType): string {
  return isNonNullType(type) || isListType(type) ? getNamedTypeName(type.ofType) : type.name;
}

function nullable(schema: Schema): Schema {
  if ('$ref' in schema) return { anyOf: [schema, { type: 'null' }] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return schema;
}

/**
 * Turns GraphQL types into OpenAPI 3.1 schemas, collecting a component for every named
 * object, input and enum type it meets, so the description never repeats a field list.
 */
export class SchemaRegistry {
  readonly components: Record<string, SchemaObject> = {};

  private named(type: GraphQLNamedType, partial = false): Schema {
    if (isScalarType(type)) return scalarSchemas[type.name] ?? { type: 'string' };
    const name = partial ? `${type.name}Update` : type.name;
    if (!this.components[name]) {
      this.components[name] = {}; // reserve first: recursive types end here
      this.components[name] = this.build(type, partial);
    }
    return ref(name);
  }

  private build(type: GraphQLNamedType, partial: boolean): SchemaObject {
    if (isEnumType(type)) {
      return { type: 'string', enum: type.getValues().map((v) => v.name), description: type.description ?? undefined };
    }
    if (isInputObjectType(type)) {
      const properties: Record<string, Schema> = {};
      const required: string[] = [];
      for (const f of Object.values(type.getFields())) {
        let schema = withLimits(this.input(f.type), f);
        // A required field is never blank, on update either (docs/decisions/011-one-params-input.md).
        if (f.extensions?.required && !('$ref' in schema)) {
          if (schema.type === 'string') schema = { ...schema, minLength: 1 };
          else if (schema.type === 'array') schema = { ...schema, minItems: 1 };
        }
        properties[f.name] = this.describe(schema, f.description);
        if (f.extensions?.required && !partial) required.push(f.name);
      }
      const description = partial
        ? `${type.description ?? ''} For an update every field is optional: fields left out are kept.`.trim()
        : (type.description ?? undefined);
      return { type: 'object', description, properties, ...(required.length ? { required } : {}) };
    }
    if (isObjectType(type)) {
      const properties: Record<string, Schema> = {};
      const required: string[] = [];
      for (const f of restFields(type)) {
        const schema = this.output(f.type);
        properties[f.name] = this.describe(isNonNullType(f.type) ? schema : nullable(schema), f.description);
        // An answer holds every field it selects, null or not: each one is required, the
        // nullable ones typed with null.
        required.push(f.name);
      }
      return { type: 'object', description: type.description ?? undefined, properties, required };
    }
    return {};
  }

  private describe(schema: Schema, description?: string | null): Schema {
    if (!description) return schema;
    return '$ref' in schema ? { ...schema, description } : { ...schema, description: schema.description ?? description };
  }

  /** Schema of a GraphQL input type (with `partial`, top-level required fields are dropped). */
  input(type: GraphQLInputType, partial = false): Schema {
    if (isNonNullType(type)) return this.input(type.ofType, partial);
    if (isListType(type)) return { type: 'array', items: this.input(type.ofType) };
    return this.named(type as GraphQLNamedType, partial);
  }

  /** Schema of a GraphQL output type as a whole object (component reference). */
  output(type: GraphQLOutputType): Schema {
    if (isNonNullType(type)) return this.output(type.ofType);
    return isListType(type) ? { type: 'array', items: this.output(type.ofType) } : this.named(type as GraphQLNamedType);
  }

  /** Schema of what a selection set picks from an object type: a component when it picks every field. */
  selection(type: GraphQLOutputType, set: SelectionSetNode | undefined): Schema {
    const strict = isNonNullType(type);
    const inner = strict ? type.ofType : type;
    let schema: Schema;
    if (isListType(inner)) schema = { type: 'array', items: this.selection(inner.ofType, set) };
    else if (!set || !isObjectType(inner)) schema = this.output(inner);
    else {
      const fields = inner.getFields();
      const picked = set.selections.filter((s) => s.kind === 'Field') as { name: { value: string }; selectionSet?: SelectionSetNode }[];
      const all = restFields(inner);
      if (all.every((f) => picked.some((p) => p.name.value === f.name))) schema = this.named(inner);
      else {
        const properties: Record<string, Schema> = {};
        for (const p of picked) {
          const f = fields[p.name.value];
          properties[f.name] = this.describe(this.selection(f.type, p.selectionSet), f.description);
        }
        schema = { type: 'object', properties, required: picked.map((p) => p.name.value) };
      }
    }
    return strict ? schema : nullable(schema);
  }
}
