// Cost models (docs/processes/index.md): the object types of models with versions, the expenses of a
// version with their precification and matching rules, and the costs per expense of a process.
import { CostReference, MatchingRuleOperator, PrecificationModel } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import { firstDescription, pageSize } from '../schema-helpers/pagination/bounds.ts';
import { linkArgs, relationLink } from '../schema-helpers/link-connection.ts';
import { graphqlOnly } from '../schema-helpers/selection.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { CurrencyRef } from '../reference/country-currency-types.ts';
import { node } from '../schema-helpers/node.ts';
import { ofCompany } from '../database/records.ts';

export const PrecificationModelEnum = builder.enumType(PrecificationModel, { name: 'PrecificationModel', description: 'How an expense is priced.' });
export const CostReferenceEnum = builder.enumType(CostReference, { name: 'CostReference', description: 'What quantity of the process an expense is priced by.' });
export const MatchingRuleOperatorEnum = builder.enumType(MatchingRuleOperator, { name: 'MatchingRuleOperator', description: 'Comparison of a matching rule.' });

builder.prismaObject('CostModel', {
  ...node('CostModel', ofCompany),
  description: 'A cost model: the expenses a process is expected to incur, by version.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    name: t.exposeString('name', { description: 'Name.' }),
    currency: t.field({
      type: CurrencyRef,
      nullable: true,
      description: 'Currency of the costs.',
      select: { currency_code: true },
      resolve: async (m) => (m.currency_code ? ((await referenceCodes()).currencies.get(m.currency_code) ?? null) : null),
    }),
    has_cost_per_product: t.exposeBoolean('has_cost_per_product', { description: 'Whether costs are apportioned per product.' }),
    has_planned_costs: t.exposeBoolean('has_planned_costs', { description: 'Whether planned costs are kept beside the costs.' }),
    versions: t.relation('versions', { description: 'Versions of the model.', query: { orderBy: { version: 'asc' } } }),
  }),
});

const CostModelSummary = builder.prismaObject('CostModel', {
  variant: 'CostModelSummary',
  description: 'A cost model without its versions.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    name: t.exposeString('name', { description: 'Name.' }),
    has_cost_per_product: t.exposeBoolean('has_cost_per_product', { description: 'Whether costs are apportioned per product.' }),
    has_planned_costs: t.exposeBoolean('has_planned_costs', { description: 'Whether planned costs are kept beside the costs.' }),
  }),
});

builder.prismaObject('CostModelVersion', {
  ...node('CostModelVersion', ofCompany),
  description: 'A version of a cost model.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier (the cost_model_version_id of processes).' }),
    version: t.exposeInt('version', { description: 'Version number.' }),
    cost_model: t.relation('cost_model', { type: CostModelSummary, description: 'The cost model (without its versions).' }),
    root_model_expenses: t.relation('root_model_expenses', { description: 'The expenses of this version.', query: { orderBy: { id: 'asc' } } }),
    processes: t.relation('processes', {
      ...graphqlOnly,
      description: 'The live processes whose costs follow this version (GraphQL only).',
      args: { first: t.arg.int({ description: firstDescription }) },
      query: (args) => ({ where: { deleted_at: null }, take: pageSize('first', args.first), orderBy: { id: 'asc' } }),
    }),
    processesConnection: t.field({
      ...graphqlOnly,
      description: 'The live processes whose costs follow this version, by cursor (GraphQL only; docs/graphql.md, "Links").',
      args: linkArgs(t),
      ...relationLink({ link: 'CostModelVersion.processes', relation: 'processes', model: 'Process', where: () => ({ deleted_at: null }) }),
    }),
  }),
});

builder.prismaObject('CostExpense', {
  description: 'An expense kind of the company (freight, storage, broker fee...).',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    name: t.exposeString('name', { description: 'Name.' }),
    slug: t.exposeString('slug', { description: 'Stable slug, unique in the company.' }),
  }),
});

builder.prismaObject('CostMatchingRule', {
  description: 'A rule matching process data to a row of the price table.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    path: t.exposeString('path', { description: 'Path of the process value, e.g. foreign_trade_shipment.maritime_transport_shipment.loading_port_id.' }),
    operator: t.expose('operator', { type: MatchingRuleOperatorEnum, description: 'Comparison.' }),
    table_definition_field: t.exposeString('table_definition_field', { nullable: true, description: 'Column of the price table compared.' }),
  }),
});

builder.prismaObject('CostModelExpense', {
  description: 'An expense of a cost model version and how it is priced.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier (the cost_model_expense_id of costs per expense).' }),
    cost_expense: t.relation('cost_expense', { description: 'The expense kind.' }),
    dynamic_table_definition_id: t.exposeInt('dynamic_table_definition_id', { nullable: true, description: 'Price table used by LOOKUP models.' }),
    fallback_path: t.exposeString('fallback_path', { nullable: true, description: 'Path read when no table row matches.' }),
    matching_rules: t.relation('matching_rules', { description: 'Rules matching process data to a price table row.', query: { orderBy: { id: 'asc' } } }),
    price_field: t.exposeString('price_field', { nullable: true, description: 'Column of the price table holding the price.' }),
    reference_value: t.expose('reference_value', { type: 'Decimal', nullable: true, description: 'A fixed value in the currency of the cost model (`currency_code`), or a multiplier (a ratio, no unit), as the model type says.' }),
    precification_model: t.expose('precification_model', { type: PrecificationModelEnum, nullable: true, description: 'How the expense is priced.' }),
    reference: t.expose('reference', { type: CostReferenceEnum, nullable: true, description: 'What quantity the expense is priced by.' }),
  }),
});

builder.prismaObject('CostPerExpense', {
  description: 'The cost of one expense of a process.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    cost_model_expense_id: t.exposeInt('cost_model_expense_id', { description: 'The cost model expense.' }),
    cost_model_expense: t.relation('cost_model_expense', { ...graphqlOnly, description: 'The cost model expense (GraphQL only).' }),
    cost: t.expose('cost', { type: 'Decimal', description: 'Cost incurred, in the currency of the cost model (`currency_code`).' }),
    planned_cost: t.expose('planned_cost', { type: 'Decimal', nullable: true, description: 'Cost planned, in the currency of the cost model (`currency_code`).' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});
