// What integrators send for actors and partnerships (docs/handlers.md): an inline actor, a partnership
// with its roles, access groups and subsidiaries, and the lists' sort keys, search and filters.
import { builder } from '../builder.ts';
import { inputFields } from '../schema-helpers/fields.ts';
import { required } from '../schema-helpers/required.ts';
import { BusinessRoleEnum, DocumentTypeEnum } from '../reference/enums.ts';
import { actorFields } from './types.ts';

export const actorSortable = ['id', 'official_name', 'trading_name', 'nickname', 'internal_code', 'official_document', 'inserted_at', 'updated_at'] as const;
export const actorNullable = new Set(['official_name', 'trading_name', 'nickname', 'internal_code', 'official_document']);
export const actorSearchable = ['official_name', 'trading_name', 'nickname', 'internal_code', 'official_document'] as const;

export const partnershipSortable = ['id', 'nickname', 'internal_code', 'inserted_at', 'updated_at'] as const;
export const partnershipNullable = new Set(['nickname', 'internal_code']);
export const partnershipSearchable = ['nickname', 'internal_code'] as const;

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
