// The schema types of the domain's one builder (graph/builder.ts), in a module of their own so
// the builder's plugins (graph/schema-helpers/payload-plugin.ts) name them without importing it.
import type PrismaTypes from '../prisma/generated/pothos-types.ts';
import type { Context } from './context.ts';
import type { UploadHandle } from './storage.ts';

/** What the builder is declared with: the Prisma models, the context, nullability defaults and scalars. */
export interface DomainSchemaTypes {
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
}

/** The schema types of the builder (Pothos' `Types`), for the few helpers that name them. */
export type BuilderTypes = PothosSchemaTypes.ExtendDefaultTypes<DomainSchemaTypes>;
