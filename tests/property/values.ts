// Values for the property run: valid values drawn from a schema of the contract, and hostile
// mutations of them (wrong types, huge values, odd characters, deep nesting, missing and
// unknown fields), as fast-check arbitraries.
import fc from 'fast-check';
import type { Contract, Schema } from './contract.ts';

const typeOf = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);
const nullable = (s: Schema): boolean => Array.isArray(s.type) && s.type.includes('null');

/** Text that a careful client may send: letters, digits, spaces, accents, punctuation. */
const plainText = (maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'abcXYZ019 -_./éçãü&'.split('')), minLength: 1, maxLength: Math.max(1, Math.min(maxLength, 24)) });

/** A valid value of the schema (up to `depth` levels of nested objects). */
export function validValue(contract: Contract, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = contract.resolve(schema);
  const options = s.anyOf ?? s.oneOf;
  if (options) return fc.oneof(...options.map((o) => validValue(contract, o, depth)));
  if (s.enum) return fc.constantFrom(...s.enum);
  const t = typeOf(s);
  const value = ((): fc.Arbitrary<unknown> => {
    switch (t) {
      case 'string':
        if (s.format === 'date-time') return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
        if (s.pattern) return fc.tuple(fc.nat(99_999), fc.nat(9_999)).map(([i, f]) => `${i}.${String(f).padStart(4, '0')}`);
        return plainText(s.maxLength ?? 255);
      case 'integer':
        return fc.integer({ min: s.minimum ?? 1, max: s.maximum ?? 5_000 });
      case 'number':
        return fc.double({ min: 0, max: 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(validValue(contract, s.items ?? {}, depth + 1), { maxLength: 2 });
      case 'object': {
        if (!s.properties) return fc.dictionary(plainText(20), fc.oneof(fc.integer(), plainText(20)), { maxKeys: 3 });
        const required = new Set(s.required ?? []);
        const keys = Object.entries(s.properties).filter(([k]) => required.has(k) || depth < 3);
        return fc.record(Object.fromEntries(keys.map(([k, v]) => [k, validValue(contract, v, depth + 1)])), { requiredKeys: [...required].filter((k) => s.properties![k]) });
      }
      default:
        return fc.oneof(fc.integer(), plainText(20), fc.boolean());
    }
  })();
  return nullable(s) ? fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }) : value;
}

/** Odd text: control characters, bidi marks, emoji, lone surrogates, SQL and LIKE metacharacters. */
export const oddText = fc.constantFrom(
  'a\u0000b',
  '\u0007bell',
  '\u202eevil\u202c',
  '😀'.repeat(40),
  '\ud800',
  "' OR 1=1 --",
  '%_\\',
  '\r\n\t',
  '   ',
  '',
  '{"params":1}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
);

/** Huge values: text past every limit, big and tiny numbers, long lists, deep objects. */
export const hugeValue = fc.constantFrom<unknown>(
  'x'.repeat(70_000),
  '9'.repeat(400),
  2 ** 31,
  -(2 ** 53),
  Number.MAX_VALUE,
  1e-320,
  Array.from({ length: 1_500 }, (_, i) => i),
  JSON.parse(`${'{"a":'.repeat(60)}1${'}'.repeat(60)}`),
  Object.fromEntries(Array.from({ length: 700 }, (_, i) => [`k${i}`, i])),
);

/** Huge values for a query string: past its 8 KiB limit, within what the HTTP layer reads (docs/limits.md). */
export const hugeQueryValue = fc.constantFrom<unknown>('x'.repeat(20_000), '9'.repeat(400), 2 ** 31, Array.from({ length: 300 }, (_, i) => i));

/** A value of a type other than the schema's. */
export function wrongType(s: Schema): fc.Arbitrary<unknown> {
  const t = typeOf(s);
  const all: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.constantFrom('x', '1,5', 'true', '2025-02-30T00:00:00Z')],
    ['integer', fc.integer({ min: -5, max: 5 })],
    ['number', fc.constantFrom(1.5, -0.25)],
    ['boolean', fc.boolean()],
    ['object', fc.constant({ unexpected: 1 })],
    ['array', fc.constant([1, 'two'])],
  ];
  return fc.oneof(...all.filter(([k]) => k !== t && !(t === 'number' && k === 'integer')).map(([, v]) => v));
}

/** Every place a mutation can go in a value: dotted paths to its fields and list entries. */
function placesIn(value: unknown, at: string[] = [], out: string[][] = []): string[][] {
  out.push(at);
  if (at.length > 6) return out;
  if (Array.isArray(value)) value.forEach((v, i) => placesIn(v, [...at, String(i)], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) placesIn(v, [...at, k], out);
  return out;
}

function setAt(value: unknown, at: string[], to: unknown): unknown {
  if (!at.length) return to;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[at[0]] = setAt(copy[at[0]], at.slice(1), to);
  return copy;
}

/** A valid value with one hostile change at a random place: a wrong type, odd text, a huge value, a dropped or unknown field. */
export function mutated(contract: Contract, schema: Schema): fc.Arbitrary<unknown> {
  return validValue(contract, schema).chain((value) => {
    const places = placesIn(value);
    return fc.tuple(fc.constantFrom(...places), fc.nat(5)).chain(([at, how]) => {
      if (how === 0) return fc.constant(setAt(value, at, undefined));
      if (how === 1) return fc.constant(setAt(value, [...at, 'unknown_field'], 1));
      const here = at.reduce<any>((v, k) => v?.[k], value);
      const kind = Array.isArray(here) ? 'array' : Number.isInteger(here) ? 'integer' : typeof here;
      const change = how === 2 ? oddText : how === 3 ? hugeValue : wrongType({ type: kind });
      return change.map((v) => setAt(value, at, v));
    });
  });
}
