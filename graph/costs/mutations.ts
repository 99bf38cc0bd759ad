// Cost model mutations: a model created with its versions, the costs per expense of a process written.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { write as inTransaction } from '../database/transaction.ts';
import { CostModelParams, CostPerExpenseParams } from './inputs.ts';
import { checkCostModel, createCostModelRows, writeCostsPerExpense, type CostInput, type ModelInput } from './write.ts';

builder.mutationFields((t) => ({
  createCostModel: t.payloadField({
    payload: 'CreateCostModelPayload',
    type: 'CostModel',
    description: 'Creates a cost model with its versions and expenses (expense kinds are matched by slug).',
    args: { params: t.arg({ type: CostModelParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const p = args.params as ModelInput;
      await checkCostModel(info.schema, p);
      const id = await inTransaction((db) => createCostModelRows(db, ctx.company.id, p));
      return prisma().costModel.findUniqueOrThrow({ ...query, where: { company_id_id: { company_id: ctx.company.id, id } } });
    },
  }),
  upsertProcessCostPerExpenses: t.payloadField({
    payload: 'UpsertProcessCostPerExpensesPayload',
    type: ['CostPerExpense'],
    description: 'Creates or updates costs per expense of a process, matched by cost_model_expense_id; refused (422) while the costs are closed.',
    args: {
      operation_id: t.arg.int({ required: true, description: 'The operation.' }),
      process_id: t.arg.int({ required: true, description: 'Process id.' }),
      params: t.arg({ type: [CostPerExpenseParams], required: true }),
    },
    resolve: async (query, _root, args, ctx, info) => {
      const companyId = ctx.company.id;
      const target = { companyId, operationId: args.operation_id, processId: args.process_id };
      const ids = await inTransaction((db) => writeCostsPerExpense(db, info.schema, target, args.params as CostInput[]));
      const rows = await prisma().costPerExpense.findMany({ ...query, where: { company_id: companyId, id: { in: ids } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)!);
    },
  }),
}));
