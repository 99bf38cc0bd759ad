// Process reads: the list with its filters, and one process by id or reference code.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { listField, searchColumns } from '../kit/list.ts';
import { found, located } from '../kit/locate.ts';
import { processLocator, operationArg, requireOperation } from './stored.ts';
import { ProcessFilters, nullableSortable, processRanges, shipmentRanges, sortable } from './inputs.ts';
import { inRange, inStates, type LifecycleState } from '../kit/filters.ts';
import { currentUnlocode } from '../reference/port-aliases.ts';

type Filters = {
  reference_code?: string | null;
  reference_codes?: string[] | null;
  alert_level?: string | null;
  status?: LifecycleState[] | null;
  actor_ids?: number[] | null;
  vessel_ids?: number[] | null;
  port_unlocodes?: string[] | null;
} & Record<string, unknown>;

const dateOf = (v: unknown) => (v instanceof Date ? v : null);

/** The conditions of the list's filters (docs/processes/index.md, "List filters"). */
function filterWhere(f: Filters): object[] {
  const ports = f.port_unlocodes?.length ? { unlocode: { in: f.port_unlocodes.map(currentUnlocode) } } : null;
  const maritime = [
    ...(f.vessel_ids?.length ? [{ vessel_id: { in: f.vessel_ids } }] : []),
    ...(ports ? [{ OR: [{ loading_port: { is: ports } }, { discharge_port: { is: ports } }] }] : []),
  ];
  const shipment = [
    ...Object.keys(shipmentRanges).flatMap((c) => inRange(c, dateOf(f[`${c}_from`]), dateOf(f[`${c}_to`]))),
    ...(maritime.length ? [{ maritime_transport_shipment: { is: { AND: maritime } } }] : []),
  ];
  return [
    ...(f.reference_code != null ? [{ reference_code: f.reference_code }] : []),
    ...(f.reference_codes?.length ? [{ reference_code: { in: f.reference_codes } }] : []),
    ...(f.alert_level != null ? [{ alert_level: f.alert_level }] : []),
    ...inStates(f.status),
    ...(f.actor_ids?.length ? [{ handlers: { some: { actor_id: { in: f.actor_ids } } } }] : []),
    ...Object.keys(processRanges).flatMap((c) => inRange(c, dateOf(f[`${c}_from`]), dateOf(f[`${c}_to`]))),
    ...(shipment.length ? [{ foreign_trade_shipment: { is: { AND: shipment } } }] : []),
  ];
}

listField<{ operation_id: number; filters?: Filters | null }>({
  model: 'Process',
  field: 'processes',
  what: 'processes',
  description: 'Lists the live processes of an operation.',
  sortable,
  nullable: nullableSortable,
  search: searchColumns(['reference_code'], 'Case-insensitive substring of the reference code.'),
  args: (t) => ({
    operation_id: t.arg.int({ required: true, description: 'The operation.' }),
    filters: t.arg({ type: ProcessFilters, description: 'Filters.' }),
  }),
  where: async (args, ctx) => {
    await requireOperation(prisma(), ctx.company.id, args.operation_id);
    return { AND: [{ company_id: ctx.company.id, operation_id: args.operation_id, deleted_at: null }, ...filterWhere(args.filters ?? {})] };
  },
});


builder.queryFields((t) =>
  located(t, 'process', processLocator, {
    type: 'Process',
    description: (how) => `One live process by ${how}.`,
    args: operationArg,
    resolve: (query, by, args, ctx) =>
      found(prisma().process.findFirst({ ...query, where: { company_id: ctx.company.id, operation_id: args.operation_id as number, ...by, deleted_at: null } })),
  }) as never,
);
