import {
  GraphQLError,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';
import { fieldMessages, type FieldErrors } from '../graph/errors.ts';

/** Where a value comes from: JSON keeps its types; a query string and a form's text fields have only text. */
export type Source = 'json' | 'query' | 'form';

const INT = /^-?\d{1,15}$/;

/**
 * Reads `value` as the GraphQL input type `type`, reporting what cannot be read under its
 * dotted `name` (400), required fields left out included. Fields the type does not have are
 * dropped from a JSON body and reported from a query string. Query-string text is converted
 * to numbers and booleans by the type.
 */
export function decode(value: unknown, type: GraphQLInputType, name: string, source: Source, errors: FieldErrors): unknown {
  if (isNonNullType(type)) {
    if (value === null || value === undefined) {
      errors.add(name || 'params', fieldMessages.invalid);
      return undefined;
    }
    return decode(value, type.ofType, name, source, errors);
  }
  if (value === null || value === undefined) return value;
  const at = (child: string | number) => (name ? `${name}.${child}` : String(child));
  if (isListType(type)) {
    let items: unknown[];
    if (Array.isArray(value)) items = value;
    else if (source !== 'json' && typeof value === 'object') items = Object.values(value as object);
    else if (source !== 'json') items = [value];
    else {
      errors.add(name || 'params', fieldMessages.invalid);
      return undefined;
    }
    return items.map((item, i) => decode(item, type.ofType, at(i), source, errors));
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) {
      errors.add(name || 'params', fieldMessages.invalid);
      return undefined;
    }
    const out: Record<string, unknown> = {};
    // A query names only what the route takes (`filters[status]` on a route without it is a
    // mistake to tell); a JSON body may carry fields the API does not know (docs/index.md).
    if (source === 'query') {
      const known = type.getFields();
      for (const key of Object.keys(value as object)) if (!(key in known)) errors.add(at(key), fieldMessages.unknownParameter);
    }
    for (const field of Object.values(type.getFields())) {
      const v = (value as Record<string, unknown>)[field.name];
      // A required field left out (a sort key without `field`) is reported like a null one.
      const required = isNonNullType(field.type) && field.defaultValue === undefined;
      if (v !== undefined || required) out[field.name] = decode(v, field.type, at(field.name), source, errors);
    }
    return out;
  }
  if (isEnumType(type)) {
    if (typeof value !== 'string' || !type.getValue(value)) errors.add(name, fieldMessages.invalid);
    return value;
  }
  if (isScalarType(type)) {
    let v = value;
    if (source !== 'json' && typeof v === 'string') {
      if (type.name === 'Int' && INT.test(v)) v = Number(v);
      else if (type.name === 'Float' && v.trim() !== '' && !Number.isNaN(Number(v))) v = Number(v);
      else if (type.name === 'Boolean' && (v === 'true' || v === 'false')) v = v === 'true';
    }
    try {
      // NOTE: validate only; execution parses again, and a parsed value (a Date) is not input.
      type.parseValue(v);
      return v;
    } catch (e) {
      if (!(e instanceof GraphQLError || e instanceof TypeError)) throw e;
      errors.add(name, fieldMessages.invalid);
      return undefined;
    }
  }
  return value;
}
