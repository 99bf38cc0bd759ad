// Records of a model named at run time: its Prisma delegate, and where the asking company may
// read them (the scopes of global ids, graph/schema-helpers/node.ts, and of links from bare id columns,
// graph/schema-helpers/reference-field.ts). Another company's record is outside every scope but `shared`.
import type { Prisma } from '../../prisma/generated/client/client.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';

/**
 * The Prisma delegate of a model by its name (`CostModel` -> `prisma().costModel`, or that of
 * transaction `client`), typed as the caller reads it. The one place a delegate is looked up by
 * name: the models named at run time (node trees, global ids, lists) all come here.
 */
export function modelDelegate<D>(model: string, client: Prisma.TransactionClient = prisma()): D {
  // The client's delegates are typed one by one; a name known only at run time reaches them as data.
  return (client as unknown as Record<string, D>)[model[0].toLowerCase() + model.slice(1)];
}

/** Where the asking company may read a model's records, as a `where` beside the id. */
export type RecordScope = (ctx: Context) => Record<string, unknown>;

/** Live records of the asking company (soft-deleted ones are gone). */
export const live: RecordScope = (ctx) => ({ company_id: ctx.company.id, deleted_at: null });

/** Records of the asking company that are never soft-deleted. */
export const ofCompany: RecordScope = (ctx) => ({ company_id: ctx.company.id });

/** Reference data shared by every company. */
export const shared: RecordScope = () => ({});

type Row = { id: number } & Record<string, unknown>;

/** The records of `ids` of a model within `scope`, read in one statement with `query`'s selection, by id. */
export async function recordsById(model: string, query: object, scope: Record<string, unknown>, ids: readonly number[]): Promise<Map<number, Row>> {
  const rows = await modelDelegate<{ findMany(q: object): Promise<Row[]> }>(model).findMany({ ...query, where: { ...scope, id: { in: [...ids] } } });
  return new Map(rows.map((r) => [r.id, r]));
}
