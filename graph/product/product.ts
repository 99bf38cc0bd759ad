import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import { builder } from '../builder.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { lockKeys, lockRoots } from '../kit/locks.ts';
import { softDelete as softDeleteRow } from '../kit/lifecycle.ts';
import { write as inTransaction } from '../kit/transaction.ts';
import { listField, searchColumns } from '../kit/list.ts';
import { checkRequired, required } from '../kit/required.ts';
import { MeasurementUnitEnum } from '../reference/enums.ts';

type Tx = Prisma.TransactionClient;

// The field catalogue of a product (section 3.9), grouped by kind; the object type, the
// input type and the writes are all built from these lists.
const textFields = {
  category: 'Product category.',
  family: 'Product family.',
  manufacturer: 'Manufacturer name.',
  mercosul_code: 'Mercosul Common Nomenclature code (NCM).',
  additional_details: 'Free text with additional details.',
  package_code: 'Code of the package.',
  content_code: 'Code of the content unit.',
  multiple_code: 'Code of the multiple package.',
} as const;
const unitFields = {
  package_type: 'Package type.',
  package_measurement_unit: 'Unit of the package capacity.',
  content_type: 'Content type.',
  content_measurement_unit: 'Unit of the content capacity.',
  multiple_package_type: 'Multiple package type.',
  multiple_package_measurement_unit: 'Unit of the multiple package capacity.',
} as const;
const decimalFields = {
  package_capacity: 'Capacity of one package, decimal string.',
  content_capacity: 'Capacity of one content unit, decimal string.',
  multiple_package_capacity: 'Capacity of one multiple package, decimal string.',
  cubage_per_package: 'Cubic meters per package, decimal string.',
  net_weight_per_package: 'Net weight per package in kg, decimal string.',
  gross_weight_per_package: 'Gross weight per package in kg, decimal string.',
} as const;
const flagFields = {
  has_containerization: 'Whether the product is containerized.',
  has_palletization: 'Whether the product is palletized.',
  has_content: 'Whether the package has content units.',
  has_unitization: 'Whether the product is unitized.',
} as const;

const sortable = ['id', 'code', 'description', 'category', 'family', 'manufacturer', 'mercosul_code', 'inserted_at', 'updated_at'] as const;
const nullableSortable = new Set(['category', 'family', 'manufacturer', 'mercosul_code']);
const searchable = ['code', 'description', 'category', 'family', 'manufacturer', 'mercosul_code'] as const;

const TranslatedDescription = builder
  .objectRef<{ language: string; description: string }>('TranslatedDescription')
  .implement({
    description: 'The product description in another language.',
    fields: (t) => ({
      language: t.exposeString('language', { description: 'Language tag, e.g. en-US.' }),
      description: t.exposeString('description', { description: 'Description in that language.' }),
    }),
  });

const InternalCodeRef = builder.prismaObject('ProductInternalCode', {
  description: 'A code the company or a partner uses internally for the product.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    code: t.exposeString('code', { description: 'The internal code.' }),
    label: t.exposeString('label', { nullable: true, description: 'What the code is, e.g. "ERP".' }),
  }),
});

export const ProductRef = builder.prismaObject('Product', {
  description: 'A product (SKU) the company trades.',
  // The internal codes and foreign operator links are part of the product's own record and
  // small: they come with every product query (joined in the same statement) and are read
  // straight off the row, which spares a per-row selection lookup on every list.
  include: { internal_codes: { orderBy: { id: 'asc' } }, foreign_operator_links: { select: { actor_id: true }, orderBy: { actor_id: 'asc' } } },
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    code: t.exposeString('code', { description: 'Product code (SKU), unique among live products.' }),
    description: t.exposeString('description', { description: 'Product description.' }),
    ...Object.fromEntries(
      Object.entries(textFields).map(([k, d]) => [k, t.exposeString(k as keyof typeof textFields, { nullable: true, description: d })]),
    ),
    ...Object.fromEntries(
      Object.entries(unitFields).map(([k, d]) => [
        k,
        t.expose(k as keyof typeof unitFields, { type: MeasurementUnitEnum, nullable: true, description: d }),
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(decimalFields).map(([k, d]) => [
        k,
        t.expose(k as keyof typeof decimalFields, { type: 'Decimal', nullable: true, description: d }),
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(flagFields).map(([k, d]) => [k, t.exposeBoolean(k as keyof typeof flagFields, { description: d })]),
    ),
    packages_per_pallet: t.exposeInt('packages_per_pallet', { nullable: true, description: 'Packages per pallet.' }),
    extra: t.expose('extra', { type: 'JSONObject', nullable: true, description: 'Free-form extra data.' }),
    translated_descriptions: t.field({
      type: [TranslatedDescription],
      description: 'Descriptions in other languages.',
      resolve: (p) => (p.translated_descriptions as { language: string; description: string }[] | null) ?? [],
    }),
    internal_codes: t.field({
      type: [InternalCodeRef],
      description: 'Internal codes of the product.',
      resolve: (p) => p.internal_codes,
    }),
    product_foreign_operators: t.field({
      type: ['Int'],
      description: 'Ids of the actors (foreign operators) linked to the product.',
      resolve: (p) => p.foreign_operator_links.map((l) => l.actor_id),
    }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the product was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the product last changed.' }),
  }),
});

const InternalCodeParams = builder.inputType('ProductInternalCodeParams', {
  description: 'An internal code; send `id` to keep an existing one.',
  fields: (t) => ({
    id: t.int({ description: 'Id of an existing internal code of this product.' }),
    code: t.string(required('The internal code.')),
    label: t.string({ description: 'What the code is.' }),
  }),
});

const TranslatedDescriptionParams = builder.inputType('TranslatedDescriptionParams', {
  description: 'The product description in another language.',
  fields: (t) => ({
    language: t.string(required('Language tag, e.g. en-US.')),
    description: t.string(required('Description in that language.')),
  }),
});

/** Product fields as sent by integrators; shared by create, update and batch upsert. */
export const ProductParams = builder.inputType('ProductParams', {
  description: 'Product fields. `code` and `description` are required when a product is created.',
  fields: (t) => ({
    code: t.string(required('Product code (SKU).')),
    description: t.string(required('Product description.')),
    ...Object.fromEntries(Object.entries(textFields).map(([k, d]) => [k, t.string({ description: d })])),
    ...Object.fromEntries(Object.entries(unitFields).map(([k, d]) => [k, t.field({ type: MeasurementUnitEnum, description: d })])),
    ...Object.fromEntries(Object.entries(decimalFields).map(([k, d]) => [k, t.field({ type: 'Decimal', description: d })])),
    ...Object.fromEntries(Object.entries(flagFields).map(([k, d]) => [k, t.boolean({ description: d })])),
    packages_per_pallet: t.int({ description: 'Packages per pallet.' }),
    extra: t.field({ type: 'JSONObject', description: 'Free-form extra data.' }),
    translated_descriptions: t.field({ type: [TranslatedDescriptionParams], description: 'Descriptions in other languages.' }),
    internal_codes: t.field({ type: [InternalCodeParams], description: 'Internal codes; replaces the stored list.' }),
    product_foreign_operators: t.intList({ description: 'Actor ids of the foreign operators; replaces the stored list.' }),
  }),
});

const ProductFilters = builder.inputType('ProductFilters', {
  description: 'Exact-match filters of the product list.',
  fields: (t) => ({
    code: t.string({ description: 'Product code.' }),
    category: t.string({ description: 'Category.' }),
    family: t.string({ description: 'Family.' }),
    manufacturer: t.string({ description: 'Manufacturer.' }),
    mercosul_code: t.string({ description: 'NCM code.' }),
  }),
});


type Params = Record<string, unknown> & {
  code?: string | null;
  description?: string | null;
  internal_codes?: { id?: number | null; code?: string | null; label?: string | null }[] | null;
  product_foreign_operators?: number[] | null;
};

type ProductKey = { company_id: number; id: number };

/** The live product of the company with this id or code, or NotFound. */
async function findLive(db: Tx, companyId: number, by: { id: number } | { code: string }): Promise<ProductKey> {
  const row = await db.product.findFirst({
    where: { company_id: companyId, deleted_at: null, ...by },
    select: { company_id: true, id: true },
  });
  if (!row) throw new NotFoundError();
  return row;
}

function scalarData(params: Params): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const keys = ['code', 'description', 'packages_per_pallet', 'extra', 'translated_descriptions',
    ...Object.keys(textFields), ...Object.keys(unitFields), ...Object.keys(decimalFields)];
  for (const k of keys) if (params[k] !== undefined) data[k] = params[k];
  for (const k of Object.keys(flagFields)) if (params[k] !== undefined) data[k] = params[k] ?? false;
  for (const k of ['extra', 'translated_descriptions']) if (data[k] === null) data[k] = Prisma.DbNull;
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
type ProductBy = { id: number } | { code: string };

/**
 * Validates then writes one product through the write path: the new code's key lock, then
 * the row lock of the product updated (`by`), then the reads and writes.
 */
async function saveOne(ctx: Context, info: GraphQLResolveInfo, params: Params, by?: ProductBy): Promise<ProductKey> {
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

const byKey = (key: ProductKey) => ({ company_id_id: key });

listField<{ filters?: Record<string, unknown> | null }>({
  model: 'Product',
  field: 'products',
  what: 'products',
  description: 'Lists the live products of the company.',
  sortable,
  nullable: nullableSortable,
  search: searchColumns(searchable, 'Case-insensitive substring of code, description, category, family, manufacturer or NCM.'),
  args: (t) => ({ filters: t.arg({ type: ProductFilters, description: 'Exact-match filters.' }) }),
  where: (args, ctx) => ({
    company_id: ctx.company.id,
    deleted_at: null,
    ...Object.fromEntries(Object.entries(args.filters ?? {}).filter(([, v]) => v != null)),
  }),
});

builder.queryFields((t) => ({
  product: t.prismaField({
    type: 'Product',
    description: 'One live product by id.',
    args: { id: t.arg.int({ required: true, description: 'Product id.' }) },
    resolve: async (query, _root, args, ctx) => {
      const row = await prisma().product.findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id, deleted_at: null } });
      if (!row) throw new NotFoundError();
      return row;
    },
  }),
  productByCode: t.prismaField({
    type: 'Product',
    description: 'One live product by code.',
    args: { code: t.arg.string({ required: true, description: 'Product code (SKU).' }) },
    resolve: async (query, _root, args, ctx) => {
      const row = await prisma().product.findFirst({ ...query, where: { company_id: ctx.company.id, code: args.code, deleted_at: null } });
      if (!row) throw new NotFoundError();
      return row;
    },
  }),
}));

builder.mutationFields((t) => ({
  createProduct: t.prismaField({
    type: 'Product',
    description: 'Creates a product.',
    args: { params: t.arg({ type: ProductParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const key = await saveOne(ctx, info, args.params as Params);
      return prisma().product.findUniqueOrThrow({ ...query, where: byKey(key) });
    },
  }),
  upsertProducts: t.prismaField({
    type: ['Product'],
    description: 'Creates or updates many products keyed by code, all or nothing.',
    args: { params: t.arg({ type: [ProductParams], required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const list = args.params as Params[];
      const companyId = ctx.company.id;
      const keys = await inTransaction(
        async (db) => {
          const codes = list.map((p) => p.code).filter((c): c is string => typeof c === 'string' && c.trim() !== '');
          // Keys first (sorted, one statement), then the rows that exist: batches sharing codes cannot deadlock.
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
      const rows = await prisma().product.findMany({
        ...query,
        where: { company_id: ctx.company.id, id: { in: keys.map((k) => k.id) } },
      });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return keys.map((k) => byId.get(k.id)!);
    },
  }),
  updateProduct: t.prismaField({
    type: 'Product',
    description: 'Updates a product by id; fields left out are kept.',
    args: { id: t.arg.int({ required: true }), params: t.arg({ type: ProductParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const key = await saveOne(ctx, info, args.params as Params, { id: args.id });
      return prisma().product.findUniqueOrThrow({ ...query, where: byKey(key) });
    },
  }),
  updateProductByCode: t.prismaField({
    type: 'Product',
    description: 'Updates a product by code; fields left out are kept.',
    args: { code: t.arg.string({ required: true }), params: t.arg({ type: ProductParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const key = await saveOne(ctx, info, args.params as Params, { code: args.code });
      return prisma().product.findUniqueOrThrow({ ...query, where: byKey(key) });
    },
  }),
  deleteProduct: t.prismaField({
    type: 'Product',
    description: 'Deletes a product by id (soft delete: it answers 404 from then on).',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _root, args, ctx) => softDelete(query, ctx, { id: args.id }),
  }),
  deleteProductByCode: t.prismaField({
    type: 'Product',
    description: 'Deletes a product by code (soft delete).',
    args: { code: t.arg.string({ required: true }) },
    resolve: async (query, _root, args, ctx) => softDelete(query, ctx, { code: args.code }),
  }),
}));

/** Soft-deletes the live product found `by` id or code (one conditional update) and answers it as deleted. */
async function softDelete(query: object, ctx: Context, by: ProductBy) {
  const key = await inTransaction(async (db) => {
    const row = await findLive(db, ctx.company.id, by);
    await softDeleteRow(db.product, { company_id: ctx.company.id, id: row.id });
    return row;
  });
  return prisma().product.findUniqueOrThrow({ ...query, where: byKey(key) });
}
