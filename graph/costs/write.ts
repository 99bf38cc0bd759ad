// The writes of cost models (docs/processes/index.md, "Costs"): a model with its versions and
// expenses, and the costs per expense of a process, each inside the caller's transaction.
import type { GraphQLSchema } from 'graphql';
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { FieldErrors, InvalidTransitionError, NotFoundError, fieldMessages } from '../errors.ts';
import { costsLifecycle } from '../database/lifecycle.ts';
import { lockKeys, lockRoots } from '../database/locks.ts';
import { checkRequired } from '../schema-helpers/required.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { findLiveProcess, requireOperation } from '../process/stored.ts';

type ExpenseColumns = Omit<Prisma.CostModelExpenseUncheckedCreateInput, 'company_id' | 'cost_model_version_id' | 'cost_expense_id'>;
/** An expense of a version as sent: its columns, its kind (matched by slug) and its matching rules. */
type ExpenseInput = ExpenseColumns & {
  cost_expense: { name: string; slug: string };
  matching_rules?: { path: string; operator?: Prisma.CostMatchingRuleCreateManyInput['operator'] | null; table_definition_field?: string | null }[] | null;
};
export type ModelInput = {
  name: string;
  currency_code?: string | null;
  has_cost_per_product?: boolean | null;
  has_planned_costs?: boolean | null;
  versions?: { version: number; root_model_expenses?: ExpenseInput[] | null }[] | null;
};
export type CostInput = { cost_model_expense_id: number; cost: string; planned_cost?: string | null };

/** Refuses a model with a missing field, an unknown currency or a version number twice (422). */
export async function checkCostModel(schema: GraphQLSchema, p: ModelInput): Promise<void> {
  const errors = new FieldErrors();
  checkRequired(schema, 'CostModelParams', p as Record<string, unknown>, errors);
  if (p.currency_code && !(await referenceCodes()).currencies.has(p.currency_code)) errors.add('currency_code', fieldMessages.missing);
  const versions = p.versions ?? [];
  versions.forEach((v, i) => {
    if (versions.findIndex((w) => w.version === v.version) !== i) errors.add(`versions.${i}.version`, fieldMessages.taken);
  });
  errors.throwIfAny();
}

/** One expense of a version: its kind found or made by slug, then the expense and its matching rules. */
async function createExpense(db: Prisma.TransactionClient, companyId: number, versionId: number, e: ExpenseInput): Promise<void> {
  const kind = await db.costExpense.upsert({
    where: { company_id_slug: { company_id: companyId, slug: e.cost_expense.slug } },
    create: { company_id: companyId, ...e.cost_expense },
    update: { name: e.cost_expense.name },
    select: { id: true },
  });
  const { cost_expense: _k, matching_rules, ...fields } = e;
  const expense = await db.costModelExpense.create({
    data: { ...fields, company_id: companyId, cost_model_version_id: versionId, cost_expense_id: kind.id },
    select: { id: true },
  });
  if (matching_rules?.length) {
    await db.costMatchingRule.createMany({
      data: matching_rules.map((r) => ({ company_id: companyId, cost_model_expense_id: expense.id, path: r.path, operator: r.operator ?? 'EQUALS', table_definition_field: r.table_definition_field ?? null })),
    });
  }
}

/** Creates a checked model with its versions and expenses; answers its id. */
export async function createCostModelRows(db: Prisma.TransactionClient, companyId: number, p: ModelInput): Promise<number> {
  const versions = p.versions ?? [];
  // Expense kinds are shared by slug: writers creating the same new kind must make one row.
  const slugs = versions.flatMap((v) => (v.root_model_expenses ?? []).map((e) => e.cost_expense.slug));
  await lockKeys(db, companyId, 'cost_expense', slugs);
  const model = await db.costModel.create({
    data: {
      company_id: companyId,
      name: p.name,
      currency_code: p.currency_code ?? null,
      has_cost_per_product: p.has_cost_per_product ?? false,
      has_planned_costs: p.has_planned_costs ?? false,
    },
    select: { id: true },
  });
  for (const v of versions) {
    const version = await db.costModelVersion.create({ data: { company_id: companyId, cost_model_id: model.id, version: v.version }, select: { id: true } });
    for (const e of v.root_model_expenses ?? []) await createExpense(db, companyId, version.id, e);
  }
  return model.id;
}

/** Refuses costs with a missing field, or an expense not of the process's model version or named twice (422). */
async function checkCosts(db: Prisma.TransactionClient, schema: GraphQLSchema, companyId: number, versionId: number | null, list: CostInput[]): Promise<void> {
  const errors = new FieldErrors();
  list.forEach((c, i) => checkRequired(schema, 'CostPerExpenseParams', c, errors, { prefix: `${i}.` }));
  const expenseIds = list.map((c) => c.cost_model_expense_id).filter((x): x is number => typeof x === 'number');
  const expenses = await db.costModelExpense.findMany({
    where: { company_id: companyId, id: { in: expenseIds }, ...(versionId ? { cost_model_version_id: versionId } : {}) },
    select: { id: true },
  });
  const found = new Set(expenses.map((e) => e.id));
  const seen = new Set<number>();
  list.forEach((c, i) => {
    if (typeof c.cost_model_expense_id !== 'number') return;
    if (!found.has(c.cost_model_expense_id)) errors.add(`${i}.cost_model_expense_id`, fieldMessages.missing);
    else if (seen.has(c.cost_model_expense_id)) errors.add(`${i}.cost_model_expense_id`, fieldMessages.taken);
    seen.add(c.cost_model_expense_id);
  });
  errors.throwIfAny();
}

/**
 * Creates or updates a live process's costs per expense, matched by expense; refused while its
 * costs are closed. Answers the rows' ids in the order sent.
 */
export async function writeCostsPerExpense(
  db: Prisma.TransactionClient,
  schema: GraphQLSchema,
  { companyId, operationId, processId }: { companyId: number; operationId: number; processId: number },
  list: CostInput[],
): Promise<number[]> {
  await requireOperation(db, companyId, operationId);
  // The process row lock orders this write after (or before) a concurrent close or reopen.
  if (!(await lockRoots(db.process, { company_id: companyId, operation_id: operationId, id: processId }))) throw new NotFoundError();
  const p = await findLiveProcess(db, companyId, operationId, { id: processId });
  if (p.costs_closed_at) throw new InvalidTransitionError(costsLifecycle.field);
  await checkCosts(db, schema, companyId, p.cost_model_version_id, list);
  const out: number[] = [];
  for (const c of list) {
    const data = { cost: c.cost, ...(c.planned_cost !== undefined ? { planned_cost: c.planned_cost } : {}) };
    const row = await db.costPerExpense.upsert({
      where: { company_id_process_id_cost_model_expense_id: { company_id: companyId, process_id: p.id, cost_model_expense_id: c.cost_model_expense_id } },
      create: { ...data, company_id: companyId, process_id: p.id, cost_model_expense_id: c.cost_model_expense_id },
      update: data,
      select: { id: true },
    });
    out.push(row.id);
  }
  return out;
}
