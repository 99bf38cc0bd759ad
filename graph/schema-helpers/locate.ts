// Records located by id or by their natural key: every such field is declared once and
// registered twice, `<field>` taking `id` and `<field>By<Key>` taking the key (an order's
// `reference_code`, a product's `code`), so the two twins never drift apart. Reads make them
// with `records(t)` (`t.prismaField`), mutations with `payloads(t, ...)` (`t.payloadField`,
// each twin's payload named).
import type { FieldRef } from '@pothos/core';
import type { GraphQLResolveInfo } from 'graphql';
import type PrismaTypes from '../../prisma/generated/pothos-types.ts';
import type { ArgMap, ArgsBuilder, BuilderTypes, ModelFieldBuilder, ModelFieldOptions, ModelPayloadFieldBuilder } from '../builder.ts';
import type { Context } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { live, modelDelegate } from '../database/records.ts';
import type { PayloadName } from './payload-plugin.ts';

type OperationDelegate = { findFirst(q: object): Promise<{ operation_id: number } | null> };

/** Where a record is: by id, or by its natural key. */
export type By = { id: number } | Record<string, string>;

/** How one kind of record is located. */
export interface Locator {
  /** Description of the `id` argument, e.g. "Order id." */
  id: string;
  /** The natural key: its argument name, the field-name suffix and the argument's description. */
  key: { arg: string; suffix: string; label: string; description: string };
  /**
   * The operation of a live record, for records scoped by operation: located by id, their
   * fields take `operation_id` as an optional check and find it when it is left out.
   */
  operationOf?: (ctx: Context, id: number) => Promise<number | null>;
}

/** A field declared once for both ways of locating its record. */
export interface LocatedField {
  /** Prisma model answered (one row). */
  type: keyof PrismaTypes;
  /** Description, given how the record is located ("id" or the key's label). */
  description: (how: string) => string;
  /** Arguments besides the locating one, such as `operation_id` or `params`. */
  args?: (t: ArgsBuilder) => ArgMap;
  resolve: (query: object, by: By, args: Record<string, unknown>, ctx: Context, info: GraphQLResolveInfo) => Promise<unknown>;
}

/** The arguments in the order the schema shows them: the scope (`operation_id`), the locating one, the rest. */
function ordered(args: ArgMap, locating: ArgMap): ArgMap {
  const { operation_id, ...rest } = args;
  return { ...(operation_id ? { operation_id } : {}), ...locating, ...rest };
}

/** Which of the twins a field is: the one taking `id`, or the one taking the key. */
type Twin = 'id' | 'key';

/** How the twins are made, with the arguments they declare. */
export interface FieldMaker extends ArgsBuilder {
  make(options: Pick<ModelFieldOptions, 'type' | 'args' | 'resolve'> & { description: string }, twin: Twin): FieldRef<BuilderTypes>;
}

/** Query fields answering the record. */
export const records = (t: ModelFieldBuilder): FieldMaker => ({
  arg: t.arg,
  // A missing record is null with a NOT_FOUND error at its path; the document's other
  // fields still answer (docs/graphql.md, "Errors"). REST answers 404 for it.
  make: (options) => t.prismaField({ ...options, nullable: true }),
});

/** Mutation fields answering their payloads, named for the twin taking `id` and the one taking the key. */
export const payloads = (t: ModelPayloadFieldBuilder, byId: PayloadName, byKey: PayloadName): FieldMaker => ({
  arg: t.arg,
  make: (options, twin) => t.payloadField({ ...options, payload: twin === 'id' ? byId : byKey }),
});

/** `{ [name]: by id, [name + suffix]: by key }` for a `builder.queryFields`/`mutationFields` callback. */
// The model is named by the caller's data (graph/builder.ts, `ModelFieldBuilder`).
export function located(t: FieldMaker, name: string, locator: Locator, field: LocatedField): Record<string, FieldRef<BuilderTypes>> {
  const make = (twin: Twin, how: string, locating: ArgMap, byOf: (args: Record<string, unknown>) => By) => {
    const args = field.args?.(t) ?? {};
    // By id, the operation is a check, not a key: left out, it is the record's (docs/graphql.md, "Global ids").
    const scopedById = twin === 'id' && 'operation_id' in args && locator.operationOf;
    if (scopedById) args.operation_id = t.arg.int({ description: 'The operation; optional, since the id names one record (when sent, the record must be of it).' });
    return t.make({
      type: field.type,
      description: field.description(how),
      args: ordered(args, locating),
      resolve: async (query: object, _root: unknown, args: Record<string, unknown>, ctx: Context, info: GraphQLResolveInfo) => {
        if (scopedById && args.operation_id == null) {
          const operation = await locator.operationOf!(ctx, args.id as number);
          if (operation === null) throw new NotFoundError();
          args = { ...args, operation_id: operation };
        }
        return field.resolve(query, byOf(args), args, ctx, info);
      },
    }, twin);
  };
  const { arg, suffix, label, description } = locator.key;
  return {
    [name]: make('id', 'id', { id: t.arg.int({ required: true, description: locator.id }) }, (a) => ({ id: a.id as number })),
    [`${name}${suffix}`]: make('key', label, { [arg]: t.arg.string({ required: true, description }) }, (a) => ({ [arg]: a[arg] as string })),
  };
}

/** A row or 404 (a missing row and another company's row answer alike). */
export async function found<T>(row: Promise<T | null>): Promise<T> {
  const value = await row;
  if (!value) throw new NotFoundError();
  return value;
}

/** Orders and processes: by id or by reference code within the operation. */
export const byReferenceCode = (what: 'Order' | 'Process'): Locator => ({
  id: `${what} id.`,
  key: { arg: 'reference_code', suffix: 'ByReferenceCode', label: 'reference code', description: `Reference code of the ${what.toLowerCase()}.` },
  operationOf: async (ctx, id) => {
    const row = await modelDelegate<OperationDelegate>(what).findFirst({ where: { ...live(ctx), id }, select: { operation_id: true } });
    return row?.operation_id ?? null;
  },
});

