// Product writes through the write path (docs/decisions/010-write-path.md): one product, a batch upsert keyed by code, soft delete.
import { found } from '../schema-helpers/locate.ts';
import { type Tx, write as inTransaction } from '../database/transaction.ts';
import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { lockKeys, lockRoots, lockRootsByKey } from '../database/locks.ts';
import { softDelete as softDeleteRow } from '../database/lifecycle.ts';
import { checkRequired } from '../schema-helpers/required.ts';
import { columnData } from '../schema-helpers/fields.ts';
import { insertAll, insertRows, updateRows } from '../database/set-rows.ts';
import { checkChildIds } from '../database/nested.ts';
import { productFields } from './types.ts';

export type Params = Record<string, unknown> & {
  code?: string | null;
  description?: string | null;
  internal_codes?: { id?: number | null; code?: string | null; label?: string | null }[] | null;
  product_foreign_operators?: number[] | null;
};

type ProductKey = { company_id: number; id: number };

/** The live product of the company with this id or code, or NotFound. */
async function findLive(db: Tx, companyId: number, by: { id: number } | { code: string }): Promise<ProductKey> {
  return found(db.product.findFirst({
    where: { company_id: companyId, deleted_at: null, ...by },
    select: { company_id: true, id: true },
  }));
}

function scalarData(params: Params): Record<string, unknown> {
  const data: Record<string, unknown> = columnData(productFields, params);
  for (const k of ['code', 'description', 'translated_descriptions']) if (params[k] !== undefined) data[k] = params[k];
  if (data.translated_descriptions === null) data.translated_descriptions = Prisma.DbNull;
  return data;
}

/**
 * Validates one product write (create when `existing` is null) and reports every problem
 * under `prefix`; returns nothing, throws nothing: the caller throws the collected errors.
 */
async function validate(
  db: Tx,
  info: GraphQLResolveInfo,
  companyId: number,
  existing: ProductKey | null,
  params: Params,
  errors: FieldErrors,
  prefix = '',
): Promise<void> {
  checkRequired(info.schema, 'ProductParams', params, errors, { partial: existing !== null, prefix });
  if (params.code) {
    const clash = await db.product.findFirst({
      where: { company_id: companyId, code: params.code, deleted_at: null, ...(existing ? { NOT: { id: existing.id } } : {}) },
      select: { id: true },
    });
    if (clash) errors.add(`${prefix}code`, fieldMessages.taken);
  }
  const actorIds = params.product_foreign_operators ?? [];
  if (actorIds.length) {
    const found = new Set(
      (await db.actor.findMany({ where: { company_id: companyId, id: { in: actorIds } }, select: { id: true } })).map((a) => a.id),
    );
    actorIds.forEach((id, i) => {
      if (!found.has(id)) errors.add(`${prefix}product_foreign_operators.${i}`, fieldMessages.missing);
    });
  }
  const codeIds = (params.internal_codes ?? []).map((c) => c.id).filter((id): id is number => typeof id === 'number');
  const owned = existing && codeIds.length
    ? await db.productInternalCode.findMany({ where: { company_id: companyId, product_id: existing.id, id: { in: codeIds } }, select: { id: true } })
    : [];
  checkChildIds(params.internal_codes ?? [], new Set(owned.map((c) => c.id)), (j) => `${prefix}internal_codes.${j}.`, errors);
}

/** Where one product is found for an update: by id or by code. */
export type ProductBy = { id: number } | { code: string };

/**
 * Validates then writes one product through the write path: the new code's key lock, then
 * the row lock of the product updated (`by`), then the reads and writes.
 */
export async function saveOne(ctx: Context, info: GraphQLResolveInfo, params: Params, by?: ProductBy): Promise<ProductKey> {
  const companyId = ctx.company.id;
  return inTransaction(
    async (db) => {
      if (params.code) await lockKeys(db, companyId, 'product', [params.code]);
      if (by && !(await lockRoots(db.product, { company_id: companyId, ...by }))) throw new NotFoundError();
      const existing = by ? await findLive(db, companyId, by) : null;
      const errors = new FieldErrors();
      await validate(db, info, companyId, existing, params, errors);
      errors.throwIfAny();
      return (await writeMany(db, companyId, [params], [existing]))[0];
    },
    { uniqueField: 'code' },
  );
}

export const byKey = (key: ProductKey) => ({ company_id_id: key });

/**
 * Creates or updates many products keyed by code, all or nothing: the codes' key locks
 * first (sorted, one statement), then the rows that exist, so batches sharing codes cannot
 * deadlock. The batch is read and written by set (docs/decisions/010-write-path.md): one
 * statement for each lookup and each nested list, one for all new products, and one update
 * for all existing products that send the same columns.
 */
export async function upsertMany(ctx: Context, info: GraphQLResolveInfo, list: Params[]): Promise<ProductKey[]> {
  const companyId = ctx.company.id;
  return inTransaction(
    async (db) => {
      const codes = list.map((p) => p.code).filter((c): c is string => typeof c === 'string' && c.trim() !== '');
      await lockKeys(db, companyId, 'product', codes);
      await lockRootsByKey(db, 'products', 'code', { company_id: companyId }, codes);
      const stored = codes.length
        ? await db.product.findMany({ where: { company_id: companyId, code: { in: codes }, deleted_at: null }, select: { company_id: true, id: true, code: true } })
        : [];
      const byCode = new Map(stored.map((r) => [r.code, { company_id: r.company_id, id: r.id }]));
      const targets = list.map((p) => (p.code ? (byCode.get(p.code) ?? null) : null));
      const known = await batchReferences(db, companyId, list, targets);
      const errors = new FieldErrors();
      const seen = new Set<string>();
      for (const [i, params] of list.entries()) {
        if (!params.code?.trim()) {
          errors.add(`${i}.code`, fieldMessages.blank);
          continue;
        }
        if (seen.has(params.code)) errors.add(`${i}.code`, fieldMessages.taken);
        seen.add(params.code);
        // A live product with this code is the target itself: the key lock keeps codes unique.
        checkRequired(info.schema, 'ProductParams', params, errors, { partial: targets[i] !== null, prefix: `${i}.` });
        (params.product_foreign_operators ?? []).forEach((id, j) => {
          if (!known.actors.has(id)) errors.add(`${i}.product_foreign_operators.${j}`, fieldMessages.missing);
        });
        // A new product owns no internal code yet: any id it sends is unknown.
        const owned = targets[i] ? (known.internalCodes.get(targets[i]!.id) ?? new Set<number>()) : new Set<number>();
        checkChildIds(params.internal_codes ?? [], owned, (j) => `${i}.internal_codes.${j}.`, errors);
      }
      errors.throwIfAny();
      return writeMany(db, companyId, list, targets);
    },
    { uniqueField: 'code', timeout: 120_000 },
  );
}

/** The actors and the stored internal codes a batch names (by stored product), read in one statement each. */
async function batchReferences(db: Tx, companyId: number, list: Params[], targets: (ProductKey | null)[]) {
  const actorIds = [...new Set(list.flatMap((p) => p.product_foreign_operators ?? []))];
  const codeIds = [...new Set(list.flatMap((p) => (p.internal_codes ?? []).map((c) => c.id).filter((id): id is number => typeof id === 'number')))];
  const productIds = targets.filter((t): t is ProductKey => t !== null).map((t) => t.id);
  const [actors, internalCodes] = await Promise.all([
    actorIds.length ? db.actor.findMany({ where: { company_id: companyId, id: { in: actorIds } }, select: { id: true } }) : [],
    codeIds.length && productIds.length
      ? db.productInternalCode.findMany({ where: { company_id: companyId, product_id: { in: productIds }, id: { in: codeIds } }, select: { id: true, product_id: true } })
      : [],
  ]);
  const owned = new Map<number, Set<number>>();
  for (const c of internalCodes) owned.set(c.product_id, (owned.get(c.product_id) ?? new Set<number>()).add(c.id));
  return { actors: new Set(actors.map((a) => a.id)), internalCodes: owned };
}

/** Writes a validated batch: new products in one statement, then each nested list by set. */
async function writeMany(db: Tx, companyId: number, list: Params[], targets: (ProductKey | null)[]): Promise<ProductKey[]> {
  const fresh = list.filter((_, i) => targets[i] === null);
  // Codes are unique within a batch (validate), so they pair each new row with its entry.
  const created = await insertRows<{ code: string }>(db, 'products', fresh.map((p) => ({ ...scalarData(p), company_id: companyId })), ['code'], { stamp: ['updated_at'] });
  const createdByCode = new Map(created.map((r) => [r.code, { company_id: companyId, id: r.id }]));
  const keys = list.map((p, i) => targets[i] ?? createdByCode.get(p.code!)!);
  // Every stored product written is updated, `updated_at` at least: its lock changed nothing (lockRootsByKey).
  const changed = list.flatMap((params, i) => (targets[i] ? [{ ...scalarData(params), ...keys[i] }] : []));
  await updateRows(db, 'products', changed, { stamp: ['updated_at'] });
  await replaceInternalCodes(db, companyId, list, keys);
  await replaceForeignOperators(db, companyId, list, keys);
  return keys;
}

/** Internal codes sent replace the stored ones: one delete, one update of those sent by id, one insert. */
async function replaceInternalCodes(db: Tx, companyId: number, list: Params[], keys: ProductKey[]): Promise<void> {
  const sent = list.flatMap((p, i) => (p.internal_codes ? [{ product: keys[i].id, codes: p.internal_codes }] : []));
  if (!sent.length) return;
  const keep = sent.flatMap((s) => s.codes.map((c) => c.id).filter((id): id is number => typeof id === 'number'));
  await db.productInternalCode.deleteMany({ where: { company_id: companyId, product_id: { in: sent.map((s) => s.product) }, id: { notIn: keep } } });
  const kept = sent.flatMap((s) => s.codes.flatMap((c) => (typeof c.id === 'number' ? [{ company_id: companyId, id: c.id, product_id: s.product, code: c.code!, label: c.label ?? null }] : [])));
  await updateRows(db, 'product_internal_codes', kept, { match: ['product_id'] });
  const added = sent.flatMap((s) => s.codes.filter((c) => typeof c.id !== 'number').map((c) => ({ company_id: companyId, product_id: s.product, code: c.code!, label: c.label ?? null })));
  await insertAll(db, 'product_internal_codes', added);
}

/** Foreign operators sent replace the stored ones: one delete, one insert. */
async function replaceForeignOperators(db: Tx, companyId: number, list: Params[], keys: ProductKey[]): Promise<void> {
  const sent = list.flatMap((p, i) => (p.product_foreign_operators ? [{ product: keys[i].id, actors: [...new Set(p.product_foreign_operators)] }] : []));
  if (!sent.length) return;
  await db.productForeignOperator.deleteMany({ where: { company_id: companyId, product_id: { in: sent.map((s) => s.product) } } });
  const rows = sent.flatMap((s) => s.actors.map((actor_id) => ({ company_id: companyId, product_id: s.product, actor_id })));
  await insertAll(db, 'product_foreign_operators', rows);
}

/** Soft-deletes the live product found `by` id or code (one conditional update) and answers it as deleted. */
export async function softDelete(query: object, ctx: Context, by: ProductBy) {
  const key = await inTransaction(async (db) => {
    const row = await findLive(db, ctx.company.id, by);
    await softDeleteRow(db.product, { company_id: ctx.company.id, id: row.id });
    return row;
  });
  return prisma().product.findUniqueOrThrow({ ...query, where: byKey(key) });
}
