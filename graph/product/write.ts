// Product writes through the write path (docs/decisions/010-write-path.md): one product, a batch upsert keyed by code, soft delete.
import { found } from '../kit/locate.ts';
import { type Tx, write as inTransaction } from '../kit/transaction.ts';
import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { lockKeys, lockRoots } from '../kit/locks.ts';
import { softDelete as softDeleteRow } from '../kit/lifecycle.ts';
import { checkRequired } from '../kit/required.ts';
import { columnData } from '../kit/fields.ts';
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
  if (codeIds.length) {
    const found = existing
      ? new Set(
          (await db.productInternalCode.findMany({
            where: { company_id: companyId, product_id: existing.id, id: { in: codeIds } },
            select: { id: true },
          })).map((c) => c.id),
        )
      : new Set<number>();
    params.internal_codes!.forEach((c, i) => {
      if (typeof c.id === 'number' && !found.has(c.id)) errors.add(`${prefix}internal_codes.${i}.id`, fieldMessages.missing);
    });
  }
}

/** Writes a validated product and its nested lists; nested lists sent replace the stored ones. */
async function write(db: Tx, companyId: number, existing: ProductKey | null, params: Params): Promise<ProductKey> {
  const data = scalarData(params);
  const key = existing
    ? await db.product.update({ where: { company_id_id: existing }, data, select: { company_id: true, id: true } })
    : await db.product.create({
        data: { ...(data as Prisma.ProductUncheckedCreateInput), company_id: companyId },
        select: { company_id: true, id: true },
      });
  if (params.internal_codes) {
    const keep = params.internal_codes.map((c) => c.id).filter((id): id is number => typeof id === 'number');
    await db.productInternalCode.deleteMany({ where: { company_id: companyId, product_id: key.id, id: { notIn: keep } } });
    for (const c of params.internal_codes) {
      const fields = { code: c.code!, label: c.label ?? null };
      if (typeof c.id === 'number') {
        await db.productInternalCode.update({ where: { company_id_id: { company_id: companyId, id: c.id } }, data: fields });
      } else {
        await db.productInternalCode.create({ data: { ...fields, company_id: companyId, product_id: key.id } });
      }
    }
  }
  if (params.product_foreign_operators) {
    await db.productForeignOperator.deleteMany({ where: { company_id: companyId, product_id: key.id } });
    const ids = [...new Set(params.product_foreign_operators)];
    if (ids.length) {
      await db.productForeignOperator.createMany({
        data: ids.map((actor_id) => ({ company_id: companyId, product_id: key.id, actor_id })),
      });
    }
  }
  return key;
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
      return write(db, companyId, existing, params);
    },
    { uniqueField: 'code' },
  );
}

export const byKey = (key: ProductKey) => ({ company_id_id: key });

/**
 * Creates or updates many products keyed by code, all or nothing: the codes' key locks
 * first (sorted, one statement), then the rows that exist, so batches sharing codes cannot
 * deadlock.
 */
export async function upsertMany(ctx: Context, info: GraphQLResolveInfo, list: Params[]): Promise<ProductKey[]> {
  const companyId = ctx.company.id;
  return inTransaction(
    async (db) => {
      const codes = list.map((p) => p.code).filter((c): c is string => typeof c === 'string' && c.trim() !== '');
      await lockKeys(db, companyId, 'product', codes);
      if (codes.length) await lockRoots(db.product, { company_id: companyId, code: { in: codes } });
      const stored = codes.length
        ? await db.product.findMany({ where: { company_id: companyId, code: { in: codes }, deleted_at: null }, select: { company_id: true, id: true, code: true } })
        : [];
      const byCode = new Map(stored.map((r) => [r.code, { company_id: r.company_id, id: r.id }]));
      const errors = new FieldErrors();
      const seen = new Set<string>();
      const targets: (ProductKey | null)[] = [];
      for (const [i, params] of list.entries()) {
        if (!params.code?.trim()) {
          errors.add(`${i}.code`, fieldMessages.blank);
          targets.push(null);
          continue;
        }
        if (seen.has(params.code)) errors.add(`${i}.code`, fieldMessages.taken);
        seen.add(params.code);
        const existing = byCode.get(params.code) ?? null;
        targets.push(existing);
        await validate(db, info, companyId, existing, params, errors, `${i}.`);
      }
      errors.throwIfAny();
      const written: ProductKey[] = [];
      for (const [i, params] of list.entries()) written.push(await write(db, companyId, targets[i], params));
      return written;
    },
    { uniqueField: 'code', timeout: 120_000 },
  );
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
