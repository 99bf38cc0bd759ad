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

builder.queryType({ description: 'Reads: lists with their cursor twins, lookups by id or by key, and reference data.' });
builder.mutationType({ description: 'Writes: creates, updates, batch upserts, lifecycle steps and deletes, each in one transaction.' });
