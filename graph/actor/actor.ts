import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { BusinessRole, DocumentType } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { lockKeys } from '../kit/locks.ts';
import { write as inTransaction } from '../kit/transaction.ts';
import { listField, searchColumns } from '../kit/list.ts';
import { checkRequired, required } from '../kit/required.ts';
import { BusinessRoleEnum, DocumentTypeEnum } from '../reference/enums.ts';

type Tx = Prisma.TransactionClient;

// Field catalogue 3.1: the actor's free-text fields, shared by the object type, the inline
// actor input of handler entries and the writes.
const actorTextFields = {
  official_name: 'Official (registered) name.',
  trading_name: 'Trading name.',
  nickname: 'Short name the company uses for the actor.',
  internal_code: 'Code of the actor in the company\'s own systems.',
  official_document: 'Official document number (digits only for CNPJ and CPF).',
  cnae: 'Brazilian economic activity code (CNAE).',
  contact_details: 'Free-text contact details.',
  description: 'Free-text description.',
  logo_url: 'URL of the actor\'s logo.',
} as const;

const actorSortable = ['id', 'official_name', 'trading_name', 'nickname', 'internal_code', 'official_document', 'inserted_at', 'updated_at'] as const;
const actorNullable = new Set(['official_name', 'trading_name', 'nickname', 'internal_code', 'official_document']);
const actorSearchable = ['official_name', 'trading_name', 'nickname', 'internal_code', 'official_document'] as const;

// ---------------------------------------------------------------- official documents

function digits(value: string): string {
  return value.replace(/[.\-/\s]/g, '');
}

function checkDigits(numbers: number[], weights: number[]): number {
  const sum = weights.reduce((s, w, i) => s + w * numbers[i], 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Whether `value` is a CNPJ (14 digits, punctuation allowed) with valid check digits. */
export function isValidCnpj(value: string): boolean {
  const d = digits(value);
  if (!/^\d{14}$/.test(d) || /^(\d)\1{13}$/.test(d)) return false;
  const n = [...d].map(Number);
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, ...w1];
  return checkDigits(n, w1) === n[12] && checkDigits(n, w2) === n[13];
}

/** A CNPJ from its first 12 digits, with the two check digits appended (demo data, tests). */
export function completeCnpj(base12: string): string {
  const n = [...base12].map(Number);
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const d1 = checkDigits(n, w1);
  return `${base12}${d1}${checkDigits([...n, d1], [6, ...w1])}`;
}

/** Whether `value` is a CPF (11 digits, punctuation allowed) with valid check digits. */
export function isValidCpf(value: string): boolean {
  const d = digits(value);
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  const n = [...d].map(Number);
  const w1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [11, ...w1];
  return checkDigits(n, w1) === n[9] && checkDigits(n, w2) === n[10];
}

/** The document as stored: CNPJ and CPF keep their digits only, anything else as sent (trimmed). */
export function normalizeDocument(document: string, type: DocumentType | null | undefined): string {
  return type === 'CNPJ' || type === 'CPF' ? digits(document) : document.trim();
}

/** Reports a document without its type, and a CNPJ or CPF whose check digits are wrong. */
export function checkDocument(
  errors: FieldErrors,
  prefix: string,
  document: string | null | undefined,
  type: DocumentType | null | undefined,
): void {
  if (!document?.trim()) return;
  if (!type) errors.add(`${prefix}document_type`, fieldMessages.blank);
  else if (type === 'CNPJ' && !isValidCnpj(document)) errors.add(`${prefix}official_document`, fieldMessages.invalid);
  else if (type === 'CPF' && !isValidCpf(document)) errors.add(`${prefix}official_document`, fieldMessages.invalid);
}

// ---------------------------------------------------------------- object types

builder.prismaObject('AccessGroup', {
  description: 'A group of users of the company that a partner role can be tied to.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    slug: t.exposeString('slug', { description: 'Slug, unique in the company.' }),
    name: t.exposeString('name', { description: 'Name.' }),
  }),
});

const PartnershipRoleRef = builder.prismaObject('PartnershipRole', {
  description: 'A business role a partner holds for the company, optionally tied to an access group.',
  fields: (t) => ({
    role: t.expose('role', { type: BusinessRoleEnum, description: 'Business role (upper case).' }),
    access_group_id: t.exposeInt('access_group_id', { nullable: true, description: 'Id of the access group the role is tied to.' }),
    access_group: t.relation('access_group', { nullable: true, description: 'The access group the role is tied to.' }),
  }),
});

export const ActorRef = builder.prismaObject('Actor', {
  description: 'A partner company or person (supplier, customs broker, carrier...).',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    ...Object.fromEntries(
      Object.entries(actorTextFields).map(([k, d]) => [k, t.exposeString(k as keyof typeof actorTextFields, { nullable: true, description: d })]),
    ),
    document_type: t.expose('document_type', { type: DocumentTypeEnum, nullable: true, description: 'Kind of `official_document`.' }),
    opening_date: t.expose('opening_date', { type: 'DateTime', nullable: true, description: 'When the company was opened.' }),
    verified: t.exposeBoolean('verified', { description: 'Whether the platform verified the actor\'s data.' }),
    roles: t.field({
      type: [PartnershipRoleRef],
      description: 'The business roles the actor holds for the company (from the partnership).',
      select: (_args, _ctx, nested) => ({ partnership: { select: { roles: nested({ orderBy: { role: 'asc' } }) } } }),
      resolve: (a) => (a as unknown as { partnership: { roles: never[] } | null }).partnership?.roles ?? [],
    }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the actor was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the actor last changed.' }),
  }),
});

builder.prismaObject('Partnership', {
  description: 'The company\'s partnership with an actor, and the business roles the actor holds for it.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    nickname: t.exposeString('nickname', { nullable: true, description: 'Short name of the partner.' }),
    description: t.exposeString('description', { nullable: true, description: 'Free-text description.' }),
    contact_details: t.exposeString('contact_details', { nullable: true, description: 'Free-text contact details.' }),
    internal_code: t.exposeString('internal_code', { nullable: true, description: 'Code of the partner in the company\'s own systems; identifies the partnership.' }),
    partner: t.relation('actor', { description: 'The partner actor.' }),
    roles: t.relation('roles', { description: 'Business roles of the partner.', query: { orderBy: { role: 'asc' } } }),
  }),
});

builder.prismaObject('Subsidiary', {
  description: 'A subsidiary of the company.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier (the `subsidiary_id` of orders).' }),
    name: t.exposeString('name', { description: 'Name.' }),
  }),
});

// ---------------------------------------------------------------- inputs

/** An actor described inline (handler entries): found by document or internal code, created otherwise. */
export const ActorParams = builder.inputType('ActorParams', {
  description:
    'An actor described inline. An actor of the company with the same `official_document` and `document_type` (or, without a document, the same `internal_code`) is used; otherwise a new actor is created.',
  fields: (t) => ({
    ...Object.fromEntries(Object.entries(actorTextFields).map(([k, d]) => [k, t.string(k === 'official_name' ? required(d) : { description: d })])),
    document_type: t.field({ type: DocumentTypeEnum, description: 'Kind of `official_document`; CNPJ and CPF check digits are validated.' }),
    opening_date: t.field({ type: 'DateTime', description: 'When the company was opened.' }),
  }),
});

const PartnershipRoleParams = builder.inputType('PartnershipRoleParams', {
  description: 'A business role of the partner, optionally tied to an access group by id or by slug.',
  fields: (t) => ({
    role: t.field({ type: BusinessRoleEnum, ...required('Business role (upper case).') }),
    access_group_id: t.int({ description: 'Id of an access group of the company.' }),
    access_group_slug: t.string({ description: 'Slug of an access group of the company (alternative to `access_group_id`).' }),
  }),
});

export const PartnershipParams = builder.inputType('PartnershipParams', {
  description:
    'A partnership, identified by `internal_code` or by `official_document` with `document_type`: an existing one is updated, otherwise the partner and the partnership are created. `name` and `roles` are required.',
  fields: (t) => ({
    name: t.string(required('Official name of the partner.')),
    trading_name: t.string({ description: 'Trading name of the partner.' }),
    nickname: t.string({ description: 'Short name of the partner.' }),
    description: t.string({ description: 'Free-text description.' }),
    contact_details: t.string({ description: 'Free-text contact details.' }),
    internal_code: t.string({ description: 'Code of the partner in your systems; identifies the partnership.' }),
    official_document: t.string({ description: 'Official document number; identifies the partner when `internal_code` is not sent.' }),
    document_type: t.field({ type: DocumentTypeEnum, description: 'Kind of `official_document`; CNPJ and CPF check digits are validated.' }),
    roles: t.field({ type: [PartnershipRoleParams], ...required('Business roles the partner holds; replaces the stored list.') }),
  }),
});

const AccessGroupParams = builder.inputType('AccessGroupParams', {
  description: 'An access group, keyed by `slug`.',
  fields: (t) => ({
    slug: t.string(required('Slug, unique in the company.')),
    name: t.string(required('Name.')),
  }),
});

const SubsidiaryParams = builder.inputType('SubsidiaryParams', {
  description: 'A subsidiary of the company.',
  fields: (t) => ({ name: t.string(required('Name.')) }),
});

const ActorFilters = builder.inputType('ActorFilters', {
  description: 'Filters of the actor list.',
  fields: (t) => ({
    partnership_role: t.field({ type: BusinessRoleEnum, description: 'Keep actors holding this partnership role.' }),
    document_type: t.field({ type: DocumentTypeEnum, description: 'Document type.' }),
    official_document: t.string({ description: 'Official document (exact).' }),
    internal_code: t.string({ description: 'Internal code (exact).' }),
  }),
});


// ---------------------------------------------------------------- inline actors (handler entries)

export type ActorInput = Record<string, unknown> & {
  official_name?: string | null;
  internal_code?: string | null;
  official_document?: string | null;
  document_type?: DocumentType | null;
};

/** Validates an inline actor under `prefix` (required fields and document check digits). */
export function validateActorInput(info: GraphQLResolveInfo, actor: ActorInput, errors: FieldErrors, prefix: string): void {
  checkRequired(info.schema, 'ActorParams', actor, errors, { prefix });
  checkDocument(errors, prefix, actor.official_document, actor.document_type);
}

function actorData(actor: ActorInput): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const k of [...Object.keys(actorTextFields), 'document_type', 'opening_date']) if (actor[k] !== undefined) data[k] = actor[k];
  if (typeof data.official_document === 'string') data.official_document = normalizeDocument(data.official_document, actor.document_type);
  return data;
}

/** The advisory-lock key of an actor: its official document, else its internal code. */
const actorKey = (document: string | null | undefined, internalCode: string | null | undefined) => (document ? `doc:${document}` : `code:${internalCode}`);

/** The actor of the company matching an inline description, created when there is none. */
export async function findOrCreateActor(db: Tx, companyId: number, actor: ActorInput): Promise<number> {
  const data = actorData(actor);
  const where: Prisma.ActorWhereInput | null = data.official_document
    ? { official_document: data.official_document as string, document_type: actor.document_type ?? null }
    : data.internal_code
      ? { internal_code: data.internal_code as string }
      : null;
  if (where) {
    // Two writers describing the same new actor must find one row, not create two.
    await lockKeys(db, companyId, 'actor', [actorKey(data.official_document as string | undefined, data.internal_code as string | undefined)]);
    const found = await db.actor.findFirst({ where: { company_id: companyId, ...where }, select: { id: true }, orderBy: { id: 'asc' } });
    if (found) return found.id;
  }
  const created = await db.actor.create({ data: { ...(data as Prisma.ActorUncheckedCreateInput), company_id: companyId }, select: { id: true } });
  return created.id;
}

// ---------------------------------------------------------------- partnerships

type RoleInput = { role?: BusinessRole | null; access_group_id?: number | null; access_group_slug?: string | null };
type PartnershipInput = {
  name?: string | null;
  trading_name?: string | null;
  nickname?: string | null;
  description?: string | null;
  contact_details?: string | null;
  internal_code?: string | null;
  official_document?: string | null;
  document_type?: DocumentType | null;
  roles?: RoleInput[] | null;
};

async function upsertPartnership(ctx: Context, info: GraphQLResolveInfo, params: PartnershipInput): Promise<number> {
  const companyId = ctx.company.id;
  return inTransaction(async (db) => {
    const errors = new FieldErrors();
    checkRequired(info.schema, 'PartnershipParams', params as Record<string, unknown>, errors);
    const internalCode = params.internal_code?.trim() || null;
    const document = params.official_document?.trim() ? normalizeDocument(params.official_document, params.document_type) : null;
    if (internalCode || document) await lockKeys(db, companyId, 'actor', [actorKey(document, internalCode)]);
    if (!internalCode && !document) errors.add('internal_code', fieldMessages.blank);
    checkDocument(errors, '', params.official_document, params.document_type);
    // Access groups by id or slug; each role once.
    const roles = params.roles ?? [];
    const groups = await db.accessGroup.findMany({
      where: {
        company_id: companyId,
        OR: [
          { id: { in: roles.map((r) => r.access_group_id).filter((x): x is number => typeof x === 'number') } },
          { slug: { in: roles.map((r) => r.access_group_slug).filter((x): x is string => typeof x === 'string') } },
        ],
      },
      select: { id: true, slug: true },
    });
    const seen = new Set<string>();
    const resolvedRoles = roles.map((r, i) => {
      if (r.role && seen.has(r.role)) errors.add(`roles.${i}.role`, fieldMessages.taken);
      if (r.role) seen.add(r.role);
      let groupId: number | null = null;
      if (r.access_group_id != null) {
        const g = groups.find((x) => x.id === r.access_group_id);
        if (!g) errors.add(`roles.${i}.access_group_id`, fieldMessages.missing);
        else groupId = g.id;
      }
      if (r.access_group_slug != null) {
        const g = groups.find((x) => x.slug === r.access_group_slug);
        if (!g) errors.add(`roles.${i}.access_group_slug`, fieldMessages.missing);
        else if (groupId !== null && groupId !== g.id) errors.add(`roles.${i}.access_group_slug`, fieldMessages.invalid);
        else groupId = g.id;
      }
      return { role: r.role as BusinessRole, access_group_id: groupId };
    });
    errors.throwIfAny();

    // Find the partnership: by internal code first, then by the partner's document.
    let partnership = internalCode
      ? await db.partnership.findFirst({ where: { company_id: companyId, internal_code: internalCode }, select: { id: true, actor_id: true } })
      : null;
    let actorId = partnership?.actor_id ?? null;
    if (!partnership && document) {
      const actor = await db.actor.findFirst({
        where: { company_id: companyId, official_document: document, document_type: params.document_type ?? null },
        select: { id: true, partnership: { select: { id: true, actor_id: true } } },
        orderBy: { id: 'asc' },
      });
      actorId = actor?.id ?? null;
      partnership = actor?.partnership ?? null;
    }
    const actorFields: Record<string, unknown> = { official_name: params.name!.trim() };
    for (const k of ['trading_name', 'nickname', 'description', 'contact_details'] as const) if (params[k] !== undefined) actorFields[k] = params[k];
    if (internalCode) actorFields.internal_code = internalCode;
    if (document) Object.assign(actorFields, { official_document: document, document_type: params.document_type });
    if (actorId) await db.actor.update({ where: { company_id_id: { company_id: companyId, id: actorId } }, data: actorFields });
    else actorId = (await db.actor.create({ data: { ...(actorFields as Prisma.ActorUncheckedCreateInput), company_id: companyId }, select: { id: true } })).id;

    const fields: Record<string, unknown> = {};
    for (const k of ['nickname', 'description', 'contact_details'] as const) if (params[k] !== undefined) fields[k] = params[k];
    if (internalCode) fields.internal_code = internalCode;
    const id = partnership
      ? (await db.partnership.update({ where: { company_id_id: { company_id: companyId, id: partnership.id } }, data: fields, select: { id: true } })).id
      : (await db.partnership.create({ data: { ...fields, company_id: companyId, actor_id: actorId }, select: { id: true } })).id;
    await db.partnershipRole.deleteMany({ where: { company_id: companyId, partnership_id: id } });
    await db.partnershipRole.createMany({ data: resolvedRoles.map((r) => ({ ...r, company_id: companyId, partnership_id: id })) });
    return id;
  });
}

// ---------------------------------------------------------------- queries and mutations

listField<{ filters?: (Record<string, unknown> & { partnership_role?: string | null }) | null }>({
  model: 'Actor',
  field: 'actors',
  what: 'actors',
  description: 'Lists the actors (partners) of the company.',
  sortable: actorSortable,
  nullable: actorNullable,
  search: searchColumns(actorSearchable, 'Case-insensitive substring of official name, trading name, nickname, internal code or document.'),
  args: (t) => ({ filters: t.arg({ type: ActorFilters, description: 'Filters.' }) }),
  where: (args, ctx) => {
    const { partnership_role, ...exact } = args.filters ?? {};
    return {
      company_id: ctx.company.id,
      ...Object.fromEntries(Object.entries(exact).filter(([, v]) => v != null)),
      ...(partnership_role ? { partnership: { is: { roles: { some: { role: partnership_role } } } } } : {}),
    };
  },
});

builder.queryFields((t) => ({
  actor: t.prismaField({
    type: 'Actor',
    description: 'One actor by id.',
    args: { id: t.arg.int({ required: true, description: 'Actor id.' }) },
    resolve: async (query, _root, args, ctx) => {
      const row = await prisma().actor.findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id } });
      if (!row) throw new NotFoundError();
      return row;
    },
  }),
  accessGroups: t.prismaField({
    type: ['AccessGroup'],
    description: 'The access groups of the company.',
    resolve: (query, _root, _args, ctx) => prisma().accessGroup.findMany({ ...query, where: { company_id: ctx.company.id }, orderBy: { id: 'asc' } }),
  }),
  subsidiaries: t.prismaField({
    type: ['Subsidiary'],
    description: 'The subsidiaries of the company.',
    resolve: (query, _root, _args, ctx) => prisma().subsidiary.findMany({ ...query, where: { company_id: ctx.company.id }, orderBy: { id: 'asc' } }),
  }),
}));

builder.mutationFields((t) => ({
  upsertPartnership: t.prismaField({
    type: 'Partnership',
    description:
      'Creates or updates a partnership identified by `internal_code` or by `official_document` with `document_type`, with its partner actor and roles.',
    args: { params: t.arg({ type: PartnershipParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const id = await upsertPartnership(ctx, info, args.params as PartnershipInput);
      return prisma().partnership.findUniqueOrThrow({ ...query, where: { company_id_id: { company_id: ctx.company.id, id } } });
    },
  }),
  upsertAccessGroup: t.prismaField({
    type: 'AccessGroup',
    description: 'Creates an access group, or renames the one with the same slug.',
    args: { params: t.arg({ type: AccessGroupParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const errors = new FieldErrors();
      checkRequired(info.schema, 'AccessGroupParams', args.params as Record<string, unknown>, errors);
      errors.throwIfAny();
      const { slug, name } = args.params as { slug: string; name: string };
      return inTransaction(
        async (db) => {
          await lockKeys(db, ctx.company.id, 'access_group', [slug.trim()]);
          return db.accessGroup.upsert({
            ...query,
            where: { company_id_slug: { company_id: ctx.company.id, slug: slug.trim() } },
            create: { company_id: ctx.company.id, slug: slug.trim(), name },
            update: { name },
          });
        },
        { uniqueField: 'slug' },
      );
    },
  }),
  createSubsidiary: t.prismaField({
    type: 'Subsidiary',
    description: 'Creates a subsidiary of the company.',
    args: { params: t.arg({ type: SubsidiaryParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const errors = new FieldErrors();
      checkRequired(info.schema, 'SubsidiaryParams', args.params as Record<string, unknown>, errors);
      errors.throwIfAny();
      return prisma().subsidiary.create({ ...query, data: { company_id: ctx.company.id, name: (args.params.name as string).trim() } });
    },
  }),
}));
