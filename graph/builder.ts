import SchemaBuilder, { type ArgBuilder, type FieldRef, type InputFieldMap } from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import type PrismaTypes from '../prisma/generated/pothos-types.ts';
import { getDatamodel } from '../prisma/generated/pothos-types.ts';
import type { Context } from './context.ts';
import { prisma } from './db.ts';
import { env } from './env.ts';
import type { UploadHandle } from './storage.ts';

/** The one SchemaBuilder of the domain; types register themselves in graph/<aggregate>/. */
export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: Context;
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: false;
  Scalars: {
    Decimal: { Input: string; Output: string };
    DateTime: { Input: Date; Output: Date | string };
    JSONObject: { Input: Record<string, unknown>; Output: unknown };
    /** A file of a multipart upload (input only, graph/process/documents.ts). */
    Upload: { Input: UploadHandle; Output: never };
  };
}>({
  plugins: [PrismaPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: () => prisma(),
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    // Make N+1 loud: a relation resolved outside the parent's query is a bug.
    onUnusedQuery: env().production ? null : 'error',
  },
});

/** The schema types of the builder (Pothos' `Types`), for the few helpers that name them. */
export type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The field builder of the `prismaObject` of model `Name`, for field helpers shared by its declarations. */
export type PrismaFieldBuilder<Name extends keyof PrismaTypes> = Parameters<Parameters<typeof builder.prismaObjectFields<Name>>[1]>[0];

/** The argument builder of a field (`t.arg`), for helpers that declare shared arguments. */
export type ArgsBuilder = { arg: ArgBuilder<BuilderTypes> };

/** The arguments of a field, as declared. */
export type ArgMap = InputFieldMap;

/**
 * A field builder that declares `prismaField`s, for the few fields whose model is named at run
 * time (list pages, located records): Pothos types a Prisma field by a literal model name, so the
 * options are stated here loosely and the field's answers are checked by its resolver's tests.
 * Every Pothos root or object field builder is one (TypeScript compares method parameters
 * either way).
 */
export interface ModelFieldBuilder extends ArgsBuilder {
  prismaField(options: {
    type: keyof PrismaTypes | [keyof PrismaTypes];
    description?: string;
    nullable?: boolean | { list: boolean; items: boolean };
    args?: ArgMap;
    extensions?: Record<string, unknown>;
    resolve: (...args: never[]) => unknown;
  }): FieldRef<BuilderTypes>;
}

/** The options of a field whose object type is named at run time (`namedTypeField`). */
interface NamedTypeFieldOptions {
  type?: unknown;
  description?: string;
  nullable?: boolean;
  /** Called with the parent (and the rest of a resolver's arguments); `never`, each caller's parent type being its own. */
  resolve?: (...args: never[]) => unknown;
}

/**
 * A field of an object type named at run time (a payload's record, a connection's node: a Prisma
 * model): Pothos types `type` by literal names, so any Pothos object field builder is met through
 * its `field` call alone (TypeScript compares method parameters either way).
 */
export const namedTypeField = <Ref>(
  t: { field(options: NamedTypeFieldOptions): Ref },
  options: NamedTypeFieldOptions & { type: string | [string]; description: string },
): Ref => t.field(options);

builder.queryType({ description: 'Reads: lists with their cursor twins, lookups by id or by key, and reference data.' });
builder.mutationType({ description: 'Writes: creates, updates, batch upserts, lifecycle steps and deletes, each in one transaction.' });
