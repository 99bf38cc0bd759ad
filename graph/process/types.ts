// Processes (docs/processes/index.md): the object types of a process, its handler entries, linked orders and Brazilian invoices; the shipment tree is in shipment/.
import { AlertLevel } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import { handlerRoles } from '../actor/handlers.ts';
import { graphqlOnly } from '../schema-helpers/selection.ts';
import { node } from '../schema-helpers/node.ts';
import { live } from '../database/records.ts';

export const AlertLevelEnum = builder.enumType(AlertLevel, {
  name: 'AlertLevel',
  description: 'How much attention a process needs: NORMAL (default), WARNING or DANGER.',
});


const ProcessHandlerRef = builder.prismaObject('ProcessHandler', {
  description: 'A handler entry: the actor filling one role slot (operation handler) of the process.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier of the entry.' }),
    business_unit: t.exposeString('business_unit', { nullable: true, description: "The actor's business unit handling the process." }),
    reference: t.exposeString('reference', { nullable: true, description: "The actor's own reference, such as a broker's file number." }),
    secondary_reference: t.exposeString('secondary_reference', { nullable: true, description: 'A second reference.' }),
    actor: t.relation('actor', { description: 'The actor that plays the role.' }),
    operation_handler: t.relation('operation_handler', { description: 'The role slot this entry fills (`id`, `role`).' }),
    process: t.relation('process', { ...graphqlOnly, description: 'The process of the entry (GraphQL only).' }),
  }),
});

const ProcessHandlerMap = builder.prismaObject('Process', {
  variant: 'ProcessHandlerMap',
  description: 'Handler entries of the process keyed by lower-case role; a role without an entry is null.',
  fields: (t) =>
    Object.fromEntries(
      handlerRoles.map(({ role, key }) => [
        key,
        t.field({
          type: ProcessHandlerRef,
          nullable: true,
          description: `The ${role.toLowerCase().replace(/_/g, ' ')}.`,
          select: (_args, _ctx, nested) => ({ handlers: nested({ orderBy: { id: 'asc' as const } }) }),
          resolve: (p) => p.handlers.find((h) => h.role === role) ?? null,
        }),
      ]),
    ),
});

const ProcessOrderRef = builder.prismaObject('Order', {
  variant: 'ProcessOrderLink',
  description: 'An order linked to the process.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Order id.' }),
    reference_code: t.exposeString('reference_code', { description: 'Order reference code.' }),
    order: t.variant('Order', { ...graphqlOnly, description: 'The whole order, read in the same statement (GraphQL only).' }),
  }),
});

builder.prismaObject('BrazilianInvoice', {
  description: 'A Brazilian invoice (NF-e) XML file of the process, with what was read from it.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    access_key: t.exposeString('access_key', { nullable: true, description: 'The 44-digit invoice access key (chave de acesso), when present.' }),
    number: t.exposeString('number', { nullable: true, description: 'Invoice number (nNF), when present.' }),
    issuer_cnpj: t.exposeString('issuer_cnpj', { nullable: true, description: 'CNPJ of the issuer (emit), when present.' }),
    total_value: t.expose('total_value', { type: 'Decimal', nullable: true, description: 'Invoice total (vNF), in BRL, when present.' }),
    xml: t.exposeString('xml', { description: 'The XML file as received.' }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When it was received.' }),
  }),
});

export const ProcessRef = builder.prismaObject('Process', {
  ...node('Process', live),
  description: 'An import or export process of an operation.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    operation: t.relation('operation', { description: 'The operation of the process.' }),
    reference_code: t.exposeString('reference_code', { description: 'Your process number, unique among the live processes of the operation.' }),
    alert_level: t.expose('alert_level', { type: AlertLevelEnum, description: 'Alert level.' }),
    cost_model_version_id: t.exposeInt('cost_model_version_id', { nullable: true, description: 'The cost model version the costs follow.' }),
    cost_model_version: t.relation('cost_model_version', { nullable: true, description: 'The cost model version (id, version, cost model).' }),
    lead_time_datetime_reference: t.expose('lead_time_datetime_reference', { type: 'DateTime', nullable: true, description: 'Reference date-time of lead times.' }),
    orders: t.field({
      type: [ProcessOrderRef],
      description: 'The linked orders (id, reference_code).',
      select: (_args, _ctx, nested) => ({ order_links: { select: { order: nested() }, orderBy: { order_id: 'asc' } } }),
      resolve: (p) => p.order_links.map((l) => l.order),
    }),
    handler: t.variant(ProcessHandlerMap, { description: 'Handler entries keyed by lower-case role.' }),
    handlers: t.relation('handlers', { description: 'Deprecated: the handler entries as a flat list; use `handler`.', deprecationReason: 'Use `handler`, keyed by role.', query: { orderBy: { id: 'asc' } } }),
    brazilian_invoices: t.relation('brazilian_invoices', { description: 'Brazilian invoices (NF-e).', query: { orderBy: { id: 'asc' } } }),
    foreign_trade_shipment: t.relation('foreign_trade_shipment', { nullable: true, description: 'The foreign trade shipment.' }),
    audit_items: t.relation('audit_items', { description: 'The checklist of the process.', query: { orderBy: { id: 'asc' } } }),
    documents: t.relation('documents', { description: 'Documents attached to the process.', query: { where: { deleted_at: null }, orderBy: { id: 'asc' } } }),
    cost_per_expenses: t.relation('cost_per_expenses', { description: 'Costs per expense of the process.', query: { orderBy: { id: 'asc' } } }),
    costs_closed_at: t.expose('costs_closed_at', { type: 'DateTime', nullable: true, description: 'When the costs were closed; null while open.' }),
    extra_fields: t.expose('extra_fields', { type: 'JSONObject', nullable: true, description: 'Your own free-form data.' }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the process was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the process last changed.' }),
    finished_at: t.expose('finished_at', { type: 'DateTime', nullable: true, description: 'When the process was finished.' }),
    canceled_at: t.expose('canceled_at', { type: 'DateTime', nullable: true, description: 'When the process was canceled.' }),
    deleted_at: t.expose('deleted_at', { type: 'DateTime', nullable: true, description: 'When the process was deleted.' }),
  }),
});
