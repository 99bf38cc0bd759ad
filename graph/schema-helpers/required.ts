import {
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { FieldErrors, fieldMessages } from '../errors.ts';

/** Input-field options marking a field as required: present on create, never blank (docs/decisions/011-one-params-input.md). */
export function required(description: string) {
  return { description: `${description} Required on create; never blank.`, extensions: { required: true } };
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function unwrapList(type: GraphQLInputType): GraphQLInputType | null {
  const t = isNonNullType(type) ? type.ofType : type;
  return isListType(t) ? t.ofType : null;
}

/**
 * Reports every required field of `value` (an input of GraphQL type `typeName`) that is
 * blank, with dotted names under `prefix`. With `partial`, absent fields are fine (an
 * update) but present ones still may not be blank. Nested objects are always complete.
 */
export function checkRequired(
  schema: GraphQLSchema,
  typeName: string,
  value: Record<string, unknown>,
  errors: FieldErrors,
  { partial = false, prefix = '' }: { partial?: boolean; prefix?: string } = {},
): void {
  const type = schema.getType(typeName);
  if (!isInputObjectType(type)) throw new Error(`${typeName} is not an input type`);
  for (const field of Object.values(type.getFields())) {
    const v = value[field.name];
    const name = `${prefix}${field.name}`;
    if (field.extensions?.required && !(partial && v === undefined) && isBlank(v)) {
      errors.add(name, fieldMessages.blank);
      continue;
    }
    if (v === null || v === undefined) continue;
    const nested = getNamedType(field.type);
    if (!isInputObjectType(nested)) continue;
    if (unwrapList(field.type) && Array.isArray(v)) {
      v.forEach((item, i) => {
        if (item && typeof item === 'object') {
          checkRequired(schema, nested.name, item as Record<string, unknown>, errors, { prefix: `${name}.${i}.` });
        }
      });
    } else if (typeof v === 'object') {
      checkRequired(schema, nested.name, v as Record<string, unknown>, errors, { prefix: `${name}.` });
    }
  }
}
