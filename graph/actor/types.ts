// Actors and partnerships (docs/handlers.md): the object types of an actor, its partnership
// and roles, access groups and subsidiaries, and the inputs integrators send for them.
import { builder } from '../builder.ts';
import { firstDescription, pageSize } from '../schema-helpers/page.ts';
import { linkArgs, relationLink } from '../schema-helpers/link-connection.ts';
import { graphqlOnly } from '../schema-helpers/selection.ts';
import { exposeFields, fieldsOf, inputFields, type Fields } from '../schema-helpers/fields.ts';
import { required } from '../schema-helpers/required.ts';
import { BusinessRoleEnum, DocumentTypeEnum } from '../reference/enums.ts';
import { node } from '../schema-helpers/node.ts';
import { ofCompany } from '../database/records.ts';

// The actor's catalogue fields (graph/schema-helpers/fields.ts), shared by the object type, the inline
// actor input of handler entries and the writes.
export const actorFields: Fields = fieldsOf('text', {
  official_name: 'Official (registered) name.',
  trading_name: 'Trading name.',
  nickname: 'Short name the company uses for the actor.',
  internal_code: 'Code of the actor in the company\'s own systems.',
  official_document: 'Official document number (digits only for CNPJ and CPF).',
  cnae: 'Brazilian economic activity code (CNAE).',
  contact_details: 'Free-text contact details.',
  description: 'Free-text description.',
  logo_url: 'URL of the actor\'s logo.',
});

export const actorSortable = ['id', 'official_name', 'trading_name', 'nickname', 'internal_code', 'official_document', 'inserted_at', 'updated_at'] as const;
export const actorNullable = new Set(['official_name', 'trading_name', 'nickname', 'internal_code', 'official_document']);
export const actorSearchable = ['official_name', 'trading_name', 'nickname', 'internal_code', 'official_document'] as const;

export const partnershipSortable = ['id', 'nickname', 'internal_code', 'inserted_at', 'updated_at'] as const;
export const partnershipNullable = new Set(['nickname', 'internal_code']);
export const partnershipSearchable = ['nickname', 'internal_code'] as const;

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
  ...node('Actor', ofCompany),
  description: 'A partner company or person (supplier, customs broker, carrier...).',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    ...exposeFields(t, actorFields),
    document_type: t.expose('document_type', { type: DocumentTypeEnum, nullable: true, description: 'Kind of `official_document`.' }),
    opening_date: t.expose('opening_date', { type: 'DateTime', nullable: true, description: 'When the company was opened.' }),
    verified: t.exposeBoolean('verified', { description: 'Whether the platform verified the actor\'s data.' }),
    roles: t.field({
      type: [PartnershipRoleRef],
      description: 'The business roles the actor holds for the company (from the partnership).',
      select: (_args, _ctx, nested) => ({ partnership: { select: { roles: nested({ orderBy: { role: 'asc' } }) } } }),
      resolve: (a) => (a as unknown as { partnership: { roles: never[] } | null }).partnership?.roles ?? [],
    }),
    process_entries: t.relation('process_handlers', {
      ...graphqlOnly,
      description: 'The handler entries the actor fills in live processes, each with its process (GraphQL only).',
      args: { first: t.arg.int({ description: firstDescription }) },
      query: (args) => ({ where: { process: { deleted_at: null } }, take: pageSize('first', args.first), orderBy: { id: 'asc' } }),
    }),
    order_entries: t.relation('order_handlers', {
      ...graphqlOnly,
      description: 'The handler entries the actor fills in live orders, each with its order (GraphQL only).',
      args: { first: t.arg.int({ description: firstDescription }) },
      query: (args) => ({ where: { order: { deleted_at: null } }, take: pageSize('first', args.first), orderBy: { id: 'asc' } }),
    }),
    process_entriesConnection: t.field({
      ...graphqlOnly,
      description: 'The handler entries the actor fills in live processes, by cursor (GraphQL only; docs/graphql.md, "Links").',
      args: linkArgs(t),
      ...relationLink({ link: 'Actor.process_entries', relation: 'process_handlers', model: 'ProcessHandler', where: () => ({ process: { deleted_at: null } }) }),
    }),
    order_entriesConnection: t.field({
      ...graphqlOnly,
      description: 'The handler entries the actor fills in live orders, by cursor (GraphQL only; docs/graphql.md, "Links").',
      args: linkArgs(t),
      ...relationLink({ link: 'Actor.order_entries', relation: 'order_handlers', model: 'OrderHandler', where: () => ({ order: { deleted_at: null } }) }),
    }),
    partnership: t.relation('partnership', { ...graphqlOnly, nullable: true, description: "Your company's partnership with the actor, with its roles; null for an actor met only as a handler (GraphQL only)." }),
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
    ...inputFields(t, actorFields),
    // Required on an inline actor, though actors made from partnerships may lack it.
    official_name: t.string(required(actorFields.official_name.description)),
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

export const AccessGroupParams = builder.inputType('AccessGroupParams', {
  description: 'An access group, keyed by `slug`.',
  fields: (t) => ({
    slug: t.string(required('Slug, unique in the company.')),
    name: t.string(required('Name.')),
  }),
});

export const SubsidiaryParams = builder.inputType('SubsidiaryParams', {
  description: 'A subsidiary of the company.',
  fields: (t) => ({ name: t.string(required('Name.')) }),
});

export const ActorFilters = builder.inputType('ActorFilters', {
  description: 'Filters of the actor list.',
  fields: (t) => ({
    partnership_role: t.field({ type: BusinessRoleEnum, description: 'Keep actors holding this partnership role.' }),
    document_type: t.field({ type: DocumentTypeEnum, description: 'Document type.' }),
    official_document: t.string({ description: 'Official document (exact).' }),
    internal_code: t.string({ description: 'Internal code (exact).' }),
  }),
});

export const PartnershipFilters = builder.inputType('PartnershipFilters', {
  description: 'Filters of the partnership list.',
  fields: (t) => ({
    role: t.field({ type: BusinessRoleEnum, description: 'Keep partnerships whose partner holds this business role.' }),
    internal_code: t.string({ description: 'Internal code (exact).' }),
  }),
});
