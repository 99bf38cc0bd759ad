// Actor writes through the write path (docs/decisions/010-write-path.md): inline actors found
// or created by document or internal code, partnership upserts with their roles, access
// groups keyed by slug, subsidiaries.
import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { BusinessRole, DocumentType } from '../../prisma/generated/client/enums.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, fieldMessages } from '../errors.ts';
import { lockKeys } from '../database/locks.ts';
import { checkRequired } from '../schema-helpers/required.ts';
import { type Tx, write as inTransaction } from '../database/transaction.ts';
import { checkDocument, normalizeDocument } from './documents.ts';
import { columnData } from '../schema-helpers/fields.ts';
import { actorFields } from './types.ts';

/** The advisory-lock key of an actor: its official document, else its internal code. */
const actorKey = (document: string | null | undefined, internalCode: string | null | undefined) => (document ? `doc:${document}` : `code:${internalCode}`);

// ---------------------------------------------------------------- inline actors (handler entries)

/** An actor as sent inline (`ActorParams`). */
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
  const data: Record<string, unknown> = columnData(actorFields, actor);
  for (const k of ['document_type', 'opening_date']) if (actor[k] !== undefined) data[k] = actor[k];
  if (typeof data.official_document === 'string') data.official_document = normalizeDocument(data.official_document, actor.document_type);
  return data;
}

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

/** A partnership as sent (`PartnershipParams`). */
export type PartnershipInput = {
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

/** The roles sent, each with its access group (by id or slug) resolved; reports unknown groups and repeated roles. */
async function resolveRoles(db: Tx, companyId: number, roles: RoleInput[], errors: FieldErrors) {
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
  return roles.map((r, i) => {
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
}

/**
 * Creates or updates the partnership identified by internal code or by the partner's
 * document, with its partner actor; the roles sent replace the stored ones. The actor's key
 * lock comes first, so concurrent upserts of one partner find one row. Answers its id.
 */
export async function upsertPartnership(ctx: Context, info: GraphQLResolveInfo, params: PartnershipInput): Promise<number> {
  const companyId = ctx.company.id;
  return inTransaction(async (db) => {
    const errors = new FieldErrors();
    checkRequired(info.schema, 'PartnershipParams', params as Record<string, unknown>, errors);
    // Codes arrive trimmed (graph/limits/arguments.ts, the one trimming rule of docs/limits.md).
    const internalCode = params.internal_code || null;
    const document = params.official_document?.trim() ? normalizeDocument(params.official_document, params.document_type) : null;
    if (internalCode || document) await lockKeys(db, companyId, 'actor', [actorKey(document, internalCode)]);
    if (!internalCode && !document) errors.add('internal_code', fieldMessages.blank);
    checkDocument(errors, '', params.official_document, params.document_type);
    const resolvedRoles = await resolveRoles(db, companyId, params.roles ?? [], errors);
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

// ---------------------------------------------------------------- access groups and subsidiaries

/** Creates the access group with this slug, or renames it; the slug's key lock first. */
export async function upsertAccessGroup(query: object, ctx: Context, info: GraphQLResolveInfo, params: Record<string, unknown>) {
  const errors = new FieldErrors();
  checkRequired(info.schema, 'AccessGroupParams', params, errors);
  errors.throwIfAny();
  const { slug, name } = params as { slug: string; name: string };
  return inTransaction(
    async (db) => {
      // The slug, a code, arrives trimmed (graph/limits/arguments.ts).
      await lockKeys(db, ctx.company.id, 'access_group', [slug]);
      return db.accessGroup.upsert({
        ...query,
        where: { company_id_slug: { company_id: ctx.company.id, slug } },
        create: { company_id: ctx.company.id, slug, name },
        update: { name },
      });
    },
    { uniqueField: 'slug' },
  );
}

/** Creates a subsidiary of the company (one row, no key: nothing to lock). */
export async function createSubsidiary(query: object, ctx: Context, info: GraphQLResolveInfo, params: Record<string, unknown>) {
  const errors = new FieldErrors();
  checkRequired(info.schema, 'SubsidiaryParams', params, errors);
  errors.throwIfAny();
  return prisma().subsidiary.create({ ...query, data: { company_id: ctx.company.id, name: (params.name as string).trim() } });
}
