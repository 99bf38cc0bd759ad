import SchemaBuilder from '@pothos/core';
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

builder.queryType({ description: 'Reads: lists with their cursor twins, lookups by id or by key, and reference data.' });
builder.mutationType({ description: 'Writes: creates, updates, batch upserts, lifecycle steps and deletes, each in one transaction.' });
