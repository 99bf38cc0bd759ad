// What integrators send for cost models: a model with its versions, expenses and matching rules, and the costs per expense of a process.
import { builder } from '../builder.ts';
import { required } from '../schema-helpers/required.ts';
import { CostReferenceEnum, MatchingRuleOperatorEnum, PrecificationModelEnum } from './types.ts';

const MatchingRuleParams = builder.inputType('CostMatchingRuleParams', {
  description: 'A matching rule.',
  fields: (t) => ({
    path: t.string(required('Path of the process value.')),
    operator: t.field({ type: MatchingRuleOperatorEnum, description: 'Comparison (EQUALS).' }),
    table_definition_field: t.string({ description: 'Column of the price table compared.' }),
  }),
});

const CostExpenseParams = builder.inputType('CostExpenseParams', {
  description: 'An expense kind; matched by slug within the company, created when new.',
  fields: (t) => ({
    name: t.string(required('Name.')),
    slug: t.string(required('Stable slug.')),
  }),
});

const CostModelExpenseParams = builder.inputType('CostModelExpenseParams', {
  description: 'An expense of a cost model version.',
  fields: (t) => ({
    cost_expense: t.field({ type: CostExpenseParams, ...required('The expense kind.') }),
    dynamic_table_definition_id: t.int({ description: 'Price table used by LOOKUP models.' }),
    fallback_path: t.string({ description: 'Path read when no table row matches.' }),
    price_field: t.string({ description: 'Column of the price table holding the price.' }),
    reference_value: t.field({ type: 'Decimal', description: 'A fixed value in the currency of the cost model (`currency_code`), or a multiplier (a ratio, no unit), as the model type says.' }),
    precification_model: t.field({ type: PrecificationModelEnum, description: 'How the expense is priced.' }),
    reference: t.field({ type: CostReferenceEnum, description: 'What quantity the expense is priced by.' }),
    matching_rules: t.field({ type: [MatchingRuleParams], description: 'Matching rules.' }),
  }),
});

const CostModelVersionParams = builder.inputType('CostModelVersionParams', {
  description: 'A version of a cost model.',
  fields: (t) => ({
    version: t.int(required('Version number, unique within the model.')),
    root_model_expenses: t.field({ type: [CostModelExpenseParams], description: 'The expenses of the version.' }),
  }),
});

export const CostModelParams = builder.inputType('CostModelParams', {
  description: 'A cost model with its versions.',
  fields: (t) => ({
    name: t.string(required('Name.')),
    currency_code: t.string({ description: 'ISO 4217 currency of the costs.' }),
    has_cost_per_product: t.boolean({ description: 'Whether costs are apportioned per product.' }),
    has_planned_costs: t.boolean({ description: 'Whether planned costs are kept.' }),
    versions: t.field({ type: [CostModelVersionParams], description: 'Versions.' }),
  }),
});

export const CostPerExpenseParams = builder.inputType('CostPerExpenseParams', {
  description: 'The cost of one expense of the process; matched by cost_model_expense_id.',
  fields: (t) => ({
    cost_model_expense_id: t.int(required('The cost model expense.')),
    cost: t.field({ type: 'Decimal', ...required('Cost incurred, in the currency of the cost model (`currency_code`).') }),
    planned_cost: t.field({ type: 'Decimal', description: 'Cost planned, in the currency of the cost model (`currency_code`).' }),
  }),
});
