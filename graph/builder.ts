import SchemaBuilder, { type ArgBuilder, type FieldRef, type InputFieldMap } from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import PayloadPlugin, { type PayloadName } from './schema-helpers/payload-plugin.ts';
import type PrismaTypes from '../prisma/generated/pothos-types.ts';
import { getDatamodel } from '../prisma/generated/pothos-types.ts';
import { prisma } from './db.ts';
import { env } from './env.ts';
import type { BuilderTypes, DomainSchemaTypes } from './schema-types.ts';

/** The one SchemaBuilder of the domain; types register themselves in graph/<aggregate>/. */
export const builder = new SchemaBuilder<DomainSchemaTypes>({
  plugins: [PrismaPlugin, PayloadPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: () => prisma(),
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    // Make N+1 loud: a relation resolved outside the parent's query is a bug.
    onUnusedQuery: env().production ? null : 'error',
  },
});

/** The schema types of the builder (Pothos' `Types`, graph/schema-types.ts), for the few helpers that name them. */
export type { BuilderTypes };

/** The field builder of the `prismaObject` of model `Name`, for field helpers shared by its declarations. */
export type PrismaFieldBuilder<Name extends keyof PrismaTypes> = Parameters<Parameters<typeof builder.prismaObjectFields<Name>>[1]>[0];

/** The argument builder of a field (`t.arg`), for helpers that declare shared arguments. */
export type ArgsBuilder = { arg: ArgBuilder<BuilderTypes> };

/** The arguments of a field, as declared. */
export type ArgMap = InputFieldMap;

/** The options of a `prismaField` whose model is named at run time (`ModelFieldBuilder`). */
export interface ModelFieldOptions {
  type: keyof PrismaTypes | [keyof PrismaTypes];
  description?: string;
  nullable?: boolean | { list: boolean; items: boolean };
  args?: ArgMap;
  extensions?: Record<string, unknown>;
  resolve: (...args: never[]) => unknown;
}

/**
 * A field builder that declares `prismaField`s, for the few fields whose model is named at run
 * time (list pages, located records): Pothos types a Prisma field by a literal model name, so the
 * options are stated here loosely and the field's answers are checked by its resolver's tests.
 * Every Pothos root or object field builder is one (TypeScript compares method parameters
 * either way).
 */
export interface ModelFieldBuilder extends ArgsBuilder {
  prismaField(options: ModelFieldOptions): FieldRef<BuilderTypes>;
}

/**
 * The same for mutations: a mutation field builder declaring `payloadField`s
 * (graph/schema-helpers/payload-plugin.ts) whose model is named at run time (located twins, fleet kinds).
 */
export interface ModelPayloadFieldBuilder extends ArgsBuilder {
  payloadField(options: Pick<ModelFieldOptions, 'type' | 'args' | 'resolve'> & { payload: PayloadName; description: string }): FieldRef<BuilderTypes>;
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
 * A field of an object type named at run time (a connection's node: a Prisma
 * model): Pothos types `type` by literal names, so any Pothos object field builder is met through
 * its `field` call alone (TypeScript compares method parameters either way).
 */
export const namedTypeField = <Ref>(
  t: { field(options: NamedTypeFieldOptions): Ref },
  options: NamedTypeFieldOptions & { type: string | [string]; description: string },
): Ref => t.field(options);

builder.queryType({ description: 'Reads: lists with their cursor twins, lookups by id or by key, and reference data.' });
builder.mutationType({ description: 'Writes: creates, updates, batch upserts, lifecycle steps and deletes, each in one transaction.' });
