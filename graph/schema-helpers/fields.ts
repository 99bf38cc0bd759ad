// Catalogue fields: the one way a column of a resource is declared. A declaration
// gives the GraphQL object field, the input field and the column value written, so the three
// never disagree. Products, order items and every node of the shipment tree use it; small
// hand-written types (lists, links, computed values) use Pothos directly.
import { Prisma } from '../../prisma/generated/client/client.ts';
import { fieldMessages, type FieldErrors } from '../errors.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { CountryRef, CurrencyRef } from '../reference/country-currency-types.ts';
import { required } from './required.ts';
import { textFormats, type TextFormatName } from './text-formats.ts';

/** What a column holds. A `reference` is read as the Country or Currency object and sent as `<name>_code`. */
export type FieldKind =
  | 'text'
  | 'int'
  | 'bool'
  | 'decimal'
  | 'datetime'
  | 'json'
  | 'intList'
  | 'textList'
  | { enum: string; list?: boolean }
  | { reference: 'country' | 'currency' };

/** One catalogue field. */
export interface FieldDef {
  kind: FieldKind;
  description: string;
  /** Required on create and never blank. */
  required?: boolean;
  /** Database default (booleans and enums): the object field is never null, and null writes it. */
  default?: boolean | string;
  /** The published shape of the text (graph/schema-helpers/text-formats.ts). */
  format?: TextFormatName;
  /**
   * An id of global reference data that may be sent by its natural code instead: the input
   * also takes `<stem>_code` (`loading_port_id` -> `loading_port_code`) of this shape.
   */
  code?: { kind: string; format: TextFormatName };
}

/** Catalogue fields by their public (and column) name. */
export type Fields = Record<string, FieldDef>;

/** A field of the given kind. */
export const field = (kind: FieldKind, description: string, options: Omit<FieldDef, 'kind' | 'description'> = {}): FieldDef => ({
  kind,
  description,
  ...options,
});

/** A field required on create and never blank. */
export const requiredField = (kind: FieldKind, description: string): FieldDef => ({ kind, description, required: true });

/** A field holding a value of the GraphQL enum `name` (registered with `registerEnum`). */
export const enumField = (name: string, description: string, options: Omit<FieldDef, 'kind' | 'description'> = {}): FieldDef => ({
  kind: { enum: name },
  description,
  ...options,
});

/** Fields of one kind from a `name: description` map (catalogue groups such as the decimal columns). */
export const fieldsOf = (kind: FieldKind, descriptions: Record<string, string>): Fields =>
  Object.fromEntries(Object.entries(descriptions).map(([name, d]) => [name, field(kind, d)]));

/**
 * The options catalogue fields give Pothos, stated loosely: Pothos' own option types are
 * per row type and per field, which data-declared fields cannot name.
 */
interface FieldOptions {
  description?: string;
  nullable?: boolean;
  required?: boolean;
  type?: unknown;
  extensions?: Record<string, unknown>;
  select?: object;
  /** Called with the row (and the rest of a resolver's arguments); `never`, each caller's row type being its own. */
  resolve?: (...args: never[]) => unknown;
}

/** Pothos' `expose` options also allow `description: false` (no description). */
type ExposeOptions = Omit<FieldOptions, 'description'> & { description?: string | false };

/**
 * The calls catalogue fields make on a Pothos object field builder (of `prismaObject` or
 * `objectType`). Catalogue names are data, plain strings here; any Pothos object field builder
 * is one of these, TypeScript comparing method parameters either way. `exposeString` and its
 * kin are `expose` with the scalar as `type`, in Pothos too, so only `expose` is called.
 */
export interface ObjectFieldBuilder<Ref = unknown> {
  expose(name: string, options: ExposeOptions): Ref;
  field(options: FieldOptions): Ref;
}

/** The calls catalogue fields make on a Pothos input field builder; `Ref` is what its fields are. */
export interface InputFieldBuilder<Ref = unknown> {
  string(options: FieldOptions): Ref;
  int(options: FieldOptions): Ref;
  boolean(options: FieldOptions): Ref;
  intList(options: FieldOptions): Ref;
  stringList(options: FieldOptions): Ref;
  field(options: FieldOptions): Ref;
}

const enums: Record<string, unknown> = {};

/** Makes a GraphQL enum known to catalogue fields by name. */
export function registerEnum(name: string, ref: unknown): void {
  enums[name] = ref;
}

/** A GraphQL enum registered by name (`registerEnum`). */
export function enumOf(name: string): unknown {
  const ref = enums[name];
  if (!ref) throw new Error(`enum ${name} is not registered`);
  return ref;
}

const references = { country: CountryRef, currency: CurrencyRef } as const;

/** The object field of a catalogue field. */
function objectField<Ref>(t: ObjectFieldBuilder<Ref>, name: string, def: FieldDef): Ref {
  const nullable = !def.required && def.default === undefined;
  const o = { description: def.description, nullable };
  const k = def.kind;
  if (typeof k === 'object' && 'reference' in k) {
    const column = `${name}_code`;
    return t.field({
      type: references[k.reference],
      nullable: true,
      description: def.description,
      select: { [column]: true },
      resolve: async (row: Record<string, string | null>) => {
        const code = row[column];
        const codes = await referenceCodes();
        return code ? ((k.reference === 'country' ? codes.countries : codes.currencies).get(code) ?? null) : null;
      },
    });
  }
  if (typeof k === 'object') return t.expose(name, { ...o, type: k.list ? [enumOf(k.enum)] : enumOf(k.enum), nullable: k.list ? false : nullable });
  switch (k) {
    case 'text': return t.expose(name, { ...o, type: 'String' });
    case 'int': return t.expose(name, { ...o, type: 'Int' });
    case 'bool': return t.expose(name, { ...o, type: 'Boolean' });
    case 'decimal': return t.expose(name, { ...o, type: 'Decimal' });
    case 'datetime': return t.expose(name, { ...o, type: 'DateTime' });
    case 'json': return t.expose(name, { ...o, type: 'JSONObject' });
    case 'intList': return t.expose(name, { ...o, type: ['Int'], nullable: false });
    case 'textList': return t.expose(name, { ...o, type: ['String'], nullable: false });
  }
}

/** The input name of the natural code standing for an id field (`loading_port_id` -> `loading_port_code`). */
export const codeNameOf = (idName: string): string => idName.replace(/_id$/, '_code');

/** The input field of a catalogue field. */
function inputField<Ref>(t: InputFieldBuilder<Ref>, def: FieldDef): Ref {
  const base = def.required ? required(def.description) : { description: def.description };
  const o = def.format ? { ...base, extensions: { ...('extensions' in base ? base.extensions : {}), format: def.format } } : base;
  const k = def.kind;
  if (typeof k === 'object' && 'reference' in k) return t.string({ description: def.description });
  if (typeof k === 'object') return t.field({ ...o, type: k.list ? [enumOf(k.enum)] : enumOf(k.enum) });
  switch (k) {
    case 'text': return t.string(o);
    case 'int': return t.int(o);
    case 'bool': return t.boolean(o);
    case 'decimal': return t.field({ ...o, type: 'Decimal' });
    case 'datetime': return t.field({ ...o, type: 'DateTime' });
    case 'json': return t.field({ ...o, type: 'JSONObject' });
    case 'intList': return t.intList(o);
    case 'textList': return t.stringList(o);
  }
}

const isReference = (def: FieldDef) => typeof def.kind === 'object' && 'reference' in def.kind;

/** The object fields of a catalogue, for a Pothos `fields` callback. */
export function exposeFields<Ref>(t: ObjectFieldBuilder<Ref>, fields: Fields): Record<string, Ref> {
  return Object.fromEntries(Object.entries(fields).map(([name, def]) => [name, objectField(t, name, def)]));
}

/** The input fields of a catalogue (a reference field is sent as `<name>_code`; an id with a natural code also takes the code). */
export function inputFields<Ref>(t: InputFieldBuilder<Ref>, fields: Fields): Record<string, Ref> {
  const out: Record<string, Ref> = {};
  for (const [name, def] of Object.entries(fields)) {
    out[isReference(def) ? `${name}_code` : name] = inputField(t, def);
    if (def.code) {
      const f = textFormats[def.code.format];
      out[codeNameOf(name)] = t.string({
        description: `${f.label}, e.g. ${f.example}: the same reference as \`${name}\`, by its code. Send one of the two.`,
        extensions: { format: def.code.format },
      });
    }
  }
  return out;
}

/**
 * The column values of the catalogue fields `params` sends (left-out fields are not
 * touched): null clears a column, writes its default, or an empty list; reference codes are
 * stored upper-case (trimmed already, as every code, by graph/limits/arguments.ts).
 */
export function columnData(fields: Fields, params: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(fields)) {
    const k = def.kind;
    if (isReference(def)) {
      const v = params[`${name}_code`];
      if (v !== undefined) data[`${name}_code`] = typeof v === 'string' ? v.toUpperCase() : null;
      continue;
    }
    const v = params[name];
    if (v === undefined) continue;
    if (v !== null) data[name] = v;
    else if (k === 'intList' || k === 'textList' || (typeof k === 'object' && 'enum' in k && k.list)) data[name] = [];
    else if (k === 'json') data[name] = Prisma.DbNull;
    else data[name] = def.default ?? null;
  }
  return data;
}

/** Reports every country or currency code sent for a reference field that is not known: 422 "does not exist" on `<prefix><name>_code`. */
export function checkReferenceCodes(
  fields: Fields,
  params: Record<string, unknown>,
  codes: { countries: ReadonlyMap<string, unknown>; currencies: ReadonlyMap<string, unknown> },
  errors: FieldErrors,
  prefix = '',
): void {
  for (const [name, def] of Object.entries(fields)) {
    if (typeof def.kind !== 'object' || !('reference' in def.kind)) continue;
    const code = params[`${name}_code`];
    const known = def.kind.reference === 'country' ? codes.countries : codes.currencies;
    if (typeof code === 'string' && !known.has(code.toUpperCase())) errors.add(`${prefix}${name}_code`, fieldMessages.missing);
  }
}
