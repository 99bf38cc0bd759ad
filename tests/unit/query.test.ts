// Reading a REST request's query string (rest/query.ts) and decoding values by the GraphQL
// types of the route's variables (rest/decode.ts); docs/index.md, Pagination and sorting.
import type { GraphQLInputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { FieldErrors } from '../../graph/errors.ts';
import { schema } from '../../graph/schema.ts';
import { decode, type Source } from '../../rest/decode.ts';
import { flatOrderBy, readQuery, sortsBothWays } from '../../rest/query.ts';

const productArgs = schema.getQueryType()!.getFields().products.args;
const argType = (name: string) => productArgs.find((a) => a.name === name)!.type;
const inputType = (name: string) => schema.getType(name) as GraphQLInputType;

/** Decodes `value` as `type`; answers the value and the fields at fault. */
function decoded(value: unknown, type: GraphQLInputType, name: string, source: Source = 'query') {
  const errors = new FieldErrors();
  const out = decode(value, type, name, source, errors);
  return { value: out, fields: errors.list };
}

/** Reads `search` and decodes its `name` parameter as the `products` argument of that name. */
const fromQuery = (search: string, name: string) => decoded(readQuery(search)[name], argType(name), name);

describe('reading the query string', () => {
  it('nests the bracket form of order_by into a list of sort keys', () => {
    expect(readQuery('order_by[0][field]=code&order_by[0][order]=DESC&order_by[1][field]=id')).toEqual({
      order_by: [{ field: 'code', order: 'DESC' }, { field: 'id' }],
    });
  });

  it('reads percent-encoded brackets like plain ones', () => {
    expect(readQuery('order_by%5B0%5D%5Bfield%5D=code')).toEqual({ order_by: [{ field: 'code' }] });
  });

  it('makes a list of a repeated name, with or without empty brackets', () => {
    expect(readQuery('codes=A&codes=B')).toEqual({ codes: ['A', 'B'] });
    expect(readQuery('codes[]=A&codes[]=B')).toEqual({ codes: ['A', 'B'] });
  });

  it('keeps every value as text, decoding + and percent escapes', () => {
    expect(readQuery('limit=2&search=steel+valve%2C%20DN50&empty=')).toEqual({ limit: '2', search: 'steel valve, DN50', empty: '' });
  });

  it('keeps the flat form order_by=-inserted_at,id as one text value', () => {
    expect(readQuery('order_by=-inserted_at,id')).toEqual({ order_by: '-inserted_at,id' });
  });

  it('reads list indexes up to 99 as a list and larger ones as keys', () => {
    expect(readQuery('a[99]=x')).toEqual({ a: ['x'] });
    expect(readQuery('a[0]=x&a[150]=y')).toEqual({ a: { 0: 'x', 150: 'y' } });
  });

  it('nests 5 levels deep and keeps the rest of a deeper name as one key', () => {
    expect(readQuery('a[b][c][d][e][f][g]=1')).toEqual({ a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } } });
  });

  it('reads the first 200 parameters and ignores the rest', () => {
    const read = readQuery(Array.from({ length: 250 }, (_, i) => `p${i}=1`).join('&'));
    expect(Object.keys(read)).toHaveLength(200);
    expect(read.p199).toBe('1');
    expect(read.p200).toBeUndefined();
  });
});

describe('decoding query values by GraphQL type', () => {
  it('decodes the bracket form of order_by into sort keys', () => {
    expect(fromQuery('order_by[0][field]=code&order_by[0][order]=DESC&order_by[1][field]=id', 'order_by')).toEqual({
      value: [{ field: 'code', order: 'DESC' }, { field: 'id' }],
      fields: [],
    });
  });

  it('reads sort keys with large or unordered indexes in index order', () => {
    expect(fromQuery('order_by[150][field]=id&order_by[3][field]=code', 'order_by').value).toEqual([{ field: 'code' }, { field: 'id' }]);
  });

  it('reads the flat form order_by=-inserted_at,+code,id into sort keys, and tells when both forms are sent', () => {
    expect(flatOrderBy('-inserted_at,+code,id')).toEqual([
      { field: 'inserted_at', order: 'DESC' },
      { field: 'code', order: 'ASC' },
      { field: 'id', order: 'ASC' },
    ]);
    expect(flatOrderBy('code,')).toEqual([{ field: 'code', order: 'ASC' }, { field: '', order: 'ASC' }]);
    expect(sortsBothWays('order_by=-code&order_by[0][field]=id')).toBe(true);
    expect(sortsBothWays('order_by%5B0%5D%5Bfield%5D=id&order_by=code')).toBe(true);
    expect(sortsBothWays('order_by=-code&limit=2')).toBe(false);
  });

  it('reports an unknown sort field or direction, and a left-out field, under its dotted name', () => {
    expect(fromQuery('order_by[0][field]=colour&order_by[1][field]=id&order_by[1][order]=UP&order_by[2][order]=ASC', 'order_by').fields).toEqual([
      { name: 'order_by.0.field', message: 'is invalid' },
      { name: 'order_by.1.order', message: 'is invalid' },
      { name: 'order_by.2.field', message: 'is invalid' },
    ]);
  });

  it('converts integers by type and refuses what is not one', () => {
    expect(fromQuery('limit=25', 'limit')).toEqual({ value: 25, fields: [] });
    expect(fromQuery('limit=-3', 'limit')).toEqual({ value: -3, fields: [] });
    for (const bad of ['limit=ten', 'limit=2.5', 'limit=', 'limit=1e2', 'limit=9999999999999999']) {
      expect(fromQuery(bad, 'limit').fields, bad).toEqual([{ name: 'limit', message: 'is invalid' }]);
    }
  });

  it('refuses a repeated single value', () => {
    expect(fromQuery('limit=2&limit=3', 'limit').fields).toEqual([{ name: 'limit', message: 'is invalid' }]);
  });

  it('reports filters the input type does not have and keeps the ones it has', () => {
    expect(fromQuery('filters[category]=Valves&filters[colour]=red', 'filters')).toEqual({
      value: { category: 'Valves' },
      fields: [{ name: 'filters.colour', message: 'is not a parameter of this route' }],
    });
  });

  it('makes a one-item list of a single value where a list is expected', () => {
    const filters = inputType('OrderFilters');
    expect(decoded(readQuery('filters[reference_codes]=PO-1').filters, filters, 'filters').value).toEqual({ reference_codes: ['PO-1'] });
    expect(decoded(readQuery('filters[status][]=ACTIVE&filters[status][]=DONE').filters, filters, 'filters').fields).toEqual([
      { name: 'filters.status.1', message: 'is invalid' },
    ]);
  });

  it('validates date-times and keeps them as sent', () => {
    const filters = inputType('OrderFilters');
    expect(decoded({ inserted_at_from: '2025-03-01T00:00:00Z' }, filters, 'filters')).toEqual({ value: { inserted_at_from: '2025-03-01T00:00:00Z' }, fields: [] });
    for (const bad of ['2025-02-30T00:00:00Z', '2025-03-01', '0000-01-01T00:00:00Z']) {
      expect(decoded({ inserted_at_from: bad }, filters, 'filters').fields, bad).toEqual([{ name: 'filters.inserted_at_from', message: 'is invalid' }]);
    }
  });

  it('reports nothing, and leaves the value out, for a parameter not sent', () => {
    expect(fromQuery('', 'order_by')).toEqual({ value: undefined, fields: [] });
  });
});

describe('decoding a JSON body by GraphQL type', () => {
  const params = inputType('ProductParams');

  it('keeps decimal strings as sent and JSON types as they are', () => {
    expect(decoded({ code: 'P-1', package_capacity: '12.5000', packages_per_pallet: 40, has_content: false }, params, '', 'json')).toEqual({
      value: { code: 'P-1', package_capacity: '12.5000', packages_per_pallet: 40, has_content: false },
      fields: [],
    });
  });

  it('refuses a JSON number for a decimal and text for an integer or a boolean, by dotted name', () => {
    expect(decoded({ package_capacity: 18.5, packages_per_pallet: '40', has_content: 'true' }, params, '', 'json').fields).toEqual([
      { name: 'package_capacity', message: 'is invalid' },
      { name: 'has_content', message: 'is invalid' },
      { name: 'packages_per_pallet', message: 'is invalid' },
    ]);
  });

  it('refuses a list or a text where an object is expected, as params', () => {
    expect(decoded([], params, '', 'json').fields).toEqual([{ name: 'params', message: 'is invalid' }]);
    expect(decoded('x', params, '', 'json').fields).toEqual([{ name: 'params', message: 'is invalid' }]);
  });

  it('names the item of a nested list at fault', () => {
    expect(decoded({ internal_codes: [{ code: 'A' }, { code: 7 }] }, params, '', 'json').fields).toEqual([
      { name: 'internal_codes.1.code', message: 'is invalid' },
    ]);
  });
});
