// The `payload` plugin of the builder (graph/builder.ts): `t.payloadField({ payload, type, ... })`
// declares a mutation answering its payload (docs/graphql.md, "Mutation payloads"). It is
// declared as `t.prismaField` would be, plus the payload's name, written out:
//
//   createProduct: t.payloadField({ payload: 'CreateProductPayload', type: 'Product', description, args, resolve })
//
// The field answers `<Name>Payload`, nullable, carrying the record `resolve` wrote (named after
// its type: `product`, a list's `products`), `userErrors` for the rules the request broke, and
// `warnings`. A broken rule rolls the mutation back and is listed, not thrown, so the document's
// other mutations still report their own outcomes. The object types `UserError` and `Warning`
// are implemented in graph/schema-helpers/payload.ts.
import SchemaBuilder, {
  BasePlugin,
  type BuildCache,
  type FieldRef,
  type InputFieldMap,
  ObjectRef,
  type PothosOutputFieldConfig,
  MutationFieldBuilder,
  type SchemaTypes,
} from '@pothos/core';
import { getRefFromModel, type PrismaFieldResolver, type PrismaModelTypes, type PrismaObjectRef, queryFromInfo } from '@pothos/plugin-prisma';
import type { Warning } from '../context.ts';
import { DomainError, type ErrorCode } from '../errors.ts';
import type { BuilderTypes } from '../schema-types.ts';

const pluginName = 'payload';
export default pluginName;

/** A rule a mutation's request broke, at the dotted field it names (null for the whole request). */
export interface UserError {
  field: string | null;
  code: ErrorCode;
  message: string;
}

/**
 * The object types every payload lists its problems in (implemented in graph/schema-helpers/payload.ts,
 * where the schema shows them): a UserError is a Warning's shape with a catalogue code.
 */
export const UserErrorRef = new ObjectRef<BuilderTypes, Warning>('UserError');
export const WarningRef = new ObjectRef<BuilderTypes, Warning>('Warning');

/** A payload type's name: the mutation's, capitalized, then `Payload` (checked when the schema is built). */
export type PayloadName = `${string}Payload`;

/** What a payload carries: a Prisma model by name, a list of one, or a variant's object ref (`ShipmentTracking`). */
export type PayloadRecord<Types extends SchemaTypes> =
  | keyof Types['PrismaTypes']
  | [keyof Types['PrismaTypes']]
  | PrismaObjectRef<Types, PrismaModelTypes>;

/** The model of a payload's record, as `t.prismaField` finds it. */
type ModelOf<Types extends SchemaTypes, Type> = PrismaModelTypes &
  (Type extends [keyof Types['PrismaTypes']]
    ? Types['PrismaTypes'][Type[0]]
    : Type extends PrismaObjectRef<Types, infer Model>
      ? Model
      : Type extends keyof Types['PrismaTypes']
        ? Types['PrismaTypes'][Type]
        : never);

/** The record's type as `t.prismaField` takes it, for typing `resolve`. */
type RecordParam<Types extends SchemaTypes, Type, Model extends PrismaModelTypes> = Type extends [unknown]
  ? [ObjectRef<Types, Model['Shape']>]
  : ObjectRef<Types, Model['Shape']>;

/** The options of `t.payloadField`: those of `t.prismaField` (its record), and the payload's name. */
export interface PayloadFieldOptions<
  Types extends SchemaTypes,
  ParentShape,
  Type extends PayloadRecord<Types>,
  Args extends InputFieldMap,
  ResolveReturnShape,
  Model extends PrismaModelTypes = ModelOf<Types, Type>,
> {
  /** The payload type's name, e.g. `CreateProductPayload`. */
  payload: PayloadName;
  type: Type;
  description: string;
  args?: Args;
  /** Writes, then answers the record written, read with `query` (the fields selected under it). */
  resolve: PrismaFieldResolver<Types, Model, ParentShape, RecordParam<Types, Type, Model>, Args, false, ResolveReturnShape>;
}

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      payload: PothosPayloadPlugin<Types>;
    }

    export interface MutationFieldBuilder<Types extends SchemaTypes, ParentShape> {
      /** A mutation answering its payload (graph/schema-helpers/payload-plugin.ts). */
      payloadField: <Type extends PayloadRecord<Types>, Args extends InputFieldMap, ResolveReturnShape>(
        options: PayloadFieldOptions<Types, ParentShape, Type, Args, ResolveReturnShape>,
      ) => FieldRef<Types, unknown, 'Mutation'>;
    }
  }
}

/** Codes a mutation lists in `userErrors`; the others (rate limits, conflicts, timeouts) stay errors to retry. */
const RULE_CODES = new Set<ErrorCode>(['BAD_REQUEST', 'NOT_FOUND', 'UNPROCESSABLE_ENTITY', 'PRECONDITION_FAILED']);

/**
 * The rules a failure broke, or undefined when it is not a rule failure. A record not found
 * names the argument that located it (`locating`: `id`, or the key such as `code`), so every
 * user error carries its path.
 */
function userErrorsOf(e: unknown, locating: string | null): UserError[] | undefined {
  if (!(e instanceof DomainError)) return undefined;
  const code = e.extensions.code as ErrorCode;
  if (!RULE_CODES.has(code)) return undefined;
  const fields = (e.extensions.fields ?? []) as { name: string; message: string }[];
  const whole = code === 'NOT_FOUND' ? locating : null;
  return fields.length ? fields.map((f) => ({ field: f.name, code, message: f.message })) : [{ field: whole, code, message: e.message }];
}

/** The argument a mutation locates its record by: `id`, else a key (`code`, `reference_code` ...), else none. */
function locatingArgument(args: object): string | null {
  if ('id' in args) return 'id';
  return Object.entries(args).find(([name, value]) => name !== 'params' && name !== 'operation_id' && typeof value === 'string')?.[0] ?? null;
}

const upper = (s: string) => s[0].toUpperCase() + s.slice(1);
const lower = (s: string) => s[0].toLowerCase() + s.slice(1);
const plural = (s: string) => (s.endsWith('s') ? `${s}es` : `${s}s`);

/** A payload's record: its object type, whether it is a list, and the payload field holding it. */
function recordOf<Types extends SchemaTypes>(builder: PothosSchemaTypes.SchemaBuilder<Types>, type: PayloadRecord<Types>) {
  const one = Array.isArray(type) ? type[0] : type;
  const ref = one instanceof ObjectRef ? one : getRefFromModel(String(one), builder);
  const list = Array.isArray(type);
  return { ref, list, typeName: ref.name, field: list ? plural(lower(ref.name)) : lower(ref.name) };
}

/** What a payload answers: the record written, or the rules broken; and the warnings. */
type Outcome = { record: unknown; userErrors: UserError[]; warnings: Warning[] };

/** `t.payloadField`: the payload type, then the mutation answering it. */
function payloadField<Type extends PayloadRecord<BuilderTypes>, Args extends InputFieldMap, ResolveReturnShape>(
  this: PothosSchemaTypes.MutationFieldBuilder<BuilderTypes, unknown>,
  { payload, type, description, args, resolve }: PayloadFieldOptions<BuilderTypes, unknown, Type, Args, ResolveReturnShape>,
): FieldRef<BuilderTypes, unknown, 'Mutation'> {
  const record = recordOf(this.builder, type);
  const payloadType = this.builder.objectRef<Outcome>(payload).implement({
    description: `The outcome of \`${lower(payload.slice(0, -'Payload'.length))}\`: \`${record.field}\` as written, or null with the broken rules in \`userErrors\`.`,
    fields: (p) => ({
      [record.field]: p.field({
        type: record.list ? [record.ref] : record.ref,
        nullable: true,
        description: record.list ? `The ${record.typeName} records written, in the order sent; null when a rule was broken.` : `The ${record.typeName} written; null when a rule was broken.`,
        resolve: (o) => o.record,
      }),
      userErrors: p.field({ type: [UserErrorRef], description: 'The rules the request broke; empty when the mutation was written.', resolve: (o) => o.userErrors }),
      warnings: p.field({ type: [WarningRef], description: 'What the mutation did beyond what was sent; empty most of the time.', resolve: (o) => o.warnings }),
    }),
  });
  return this.field({
    type: payloadType,
    // An error that is not a broken rule (a rate limit, a timeout) is null here, with the error
    // at its path; the document's other mutations keep their outcomes.
    nullable: true,
    description,
    args,
    resolve: async (root, args, ctx, info): Promise<Outcome> => {
      // Arguments over a limit (graph/limits/arguments.ts): refused before anything is read or written.
      const refused = ctx.refusedArguments?.get(info.path.key as string);
      if (refused) return { record: null, userErrors: refused.flatMap((e) => userErrorsOf(e, null) ?? []), warnings: [] };
      const query = queryFromInfo({ context: ctx, info, typeName: record.typeName, path: [record.field] });
      const warnings: Warning[] = [];
      ctx.warnings = warnings;
      try {
        return { record: await resolve(query, root, args, ctx, info), userErrors: [], warnings };
      } catch (e) {
        const userErrors = userErrorsOf(e, locatingArgument(args));
        if (!userErrors) throw e;
        return { record: null, userErrors, warnings: [] };
      } finally {
        ctx.warnings = undefined;
      }
    },
  });
}

const mutationFieldBuilder: PothosSchemaTypes.MutationFieldBuilder<BuilderTypes, unknown> = MutationFieldBuilder.prototype;
mutationFieldBuilder.payloadField = payloadField;

/** Checks every mutation answers the payload named after it (`createProduct`: `CreateProductPayload`). */
export class PothosPayloadPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  constructor(cache: BuildCache<Types>) {
    super(cache, pluginName);
  }

  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    if (fieldConfig.kind !== 'Mutation') return fieldConfig;
    const expected = `${upper(fieldConfig.name)}Payload`;
    const answered = fieldConfig.type.kind === 'List' ? 'a list' : this.buildCache.getTypeConfig(fieldConfig.type.ref).name;
    if (answered !== expected) throw new Error(`mutation ${fieldConfig.name} answers ${answered}, not ${expected}`);
    return fieldConfig;
  }
}

SchemaBuilder.registerPlugin(pluginName, PothosPayloadPlugin);
