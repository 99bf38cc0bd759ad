// Cost model versions, their expenses and a process's costs as assembled pages write them
// (docs/decisions/019-assembled-pages.md); the resolvers they stand for are in types.ts.
import { assembled, byKey, childrenOf, columns, datetimes } from '../assembled/shapes.ts';

assembled('CostModelSummary', { table: 'cost_models', fields: columns('id', 'name', 'has_cost_per_product', 'has_planned_costs') });

assembled('CostExpense', { table: 'cost_expenses', fields: columns('id', 'name', 'slug') });

assembled('CostMatchingRule', { table: 'cost_matching_rules', fields: columns('id', 'path', 'operator', 'table_definition_field') });

assembled('CostModelExpense', {
  table: 'cost_model_expenses',
  fields: {
    ...columns('id', 'dynamic_table_definition_id', 'fallback_path', 'price_field', 'reference_value', 'precification_model', 'reference'),
    cost_expense: { one: 'CostExpense', where: byKey('cost_expense_id') },
    matching_rules: childrenOf('CostMatchingRule', 'cost_model_expense_id'),
  },
});

assembled('CostModelVersion', {
  table: 'cost_model_versions',
  fields: {
    ...columns('id', 'version'),
    cost_model: { one: 'CostModelSummary', where: byKey('cost_model_id') },
    root_model_expenses: childrenOf('CostModelExpense', 'cost_model_version_id'),
  },
});

assembled('CostPerExpense', { table: 'cost_per_expenses', fields: { ...columns('id', 'cost_model_expense_id', 'cost', 'planned_cost'), ...datetimes('updated_at') } });
