// Actors and partnerships (docs/handlers.md): the actor's catalogue fields and the object types of an actor,
// its partnership and roles, access groups and subsidiaries.
import { builder } from '../builder.ts';
import { firstDescription, pageSize } from '../schema-helpers/pagination/bounds.ts';
import { linkArgs, relationLink } from '../schema-helpers/link-connection.ts';
import { graphqlOnly } from '../schema-helpers/selection.ts';
import { exposeFields, fieldsOf, type Fields } from '../schema-helpers/fields.ts';
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
      resolve: (a) => a.partnership?.roles ?? [],
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
