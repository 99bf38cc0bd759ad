// Process reads: the list with its filters, and one process by id or reference code.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { listField, searchColumns } from '../schema-helpers/list.ts';
import { found, located, records } from '../schema-helpers/locate.ts';
import { processLocator, operationArg, requireOperation } from './stored.ts';
import { ProcessFilters, nullableSortable, processRanges, shipmentRanges, sortable, sortPaths } from './inputs.ts';
import { inRange, inStates } from '../schema-helpers/filters.ts';
import { currentUnlocode } from '../reference/port-aliases.ts';
import type { ProcessFilterInput as Filters } from './filter-sql.ts';
import { assembledPage, assembledRecord } from '../assembled/read.ts';

/** One process by its key, written by PostgreSQL (docs/decisions/019-assembled-pages.md). */
const assembledProcess = assembledRecord('processes');

const dateOf = (v: unknown) => (v instanceof Date ? v : null);

/** A port filter over UN/LOCODEs (a former code reads as the current one), or none. */
const portIn = (codes: string[] | null | undefined) => (codes?.length ? { is: { unlocode: { in: codes.map(currentUnlocode) } } } : null);

/** The shipment's customs declarations: import declarations, DUIMPs, export declarations. */
const declarations = ['shipment_import_declarations', 'shipment_duimps', 'shipment_export_declarations'] as const;

/** The conditions on the shipment's maritime part. */
function maritimeWhere(f: Filters): object[] {
  const [ports, loading, discharge] = [portIn(f.port_unlocodes), portIn(f.loading_port_unlocodes), portIn(f.discharge_port_unlocodes)];
  return [
    ...(f.vessel_ids?.length ? [{ vessel_id: { in: f.vessel_ids } }] : []),
    ...(ports ? [{ OR: [{ loading_port: ports }, { discharge_port: ports }] }] : []),
    ...(loading ? [{ loading_port: loading }] : []),
    ...(discharge ? [{ discharge_port: discharge }] : []),
  ];
}

/** The conditions on the shipment (a process without one matches none of them, `has_customs_declaration: false` aside). */
function shipmentWhere(f: Filters): object[] {
  const maritime = maritimeWhere(f);
  return [
    ...Object.keys(shipmentRanges).flatMap((c) => inRange(c, dateOf(f[`${c}_from`]), dateOf(f[`${c}_to`]))),
    ...(f.transport_modes?.length ? [{ type: { in: f.transport_modes } }] : []),
    ...(f.has_customs_declaration === true ? [{ OR: declarations.map((d) => ({ [d]: { some: {} } })) }] : []),
    ...(maritime.length ? [{ maritime_transport_shipment: { is: { AND: maritime } } }] : []),
  ];
}

/** The conditions of the list's filters (docs/processes/index.md, "List filters"). */
function filterWhere(f: Filters): object[] {
  const shipment = shipmentWhere(f);
  const handler = f.actor_ids?.length || f.actor_role ? [{ handlers: { some: { ...(f.actor_ids?.length ? { actor_id: { in: f.actor_ids } } : {}), ...(f.actor_role ? { role: f.actor_role } : {}) } } }] : [];
  const undeclared = { OR: [{ foreign_trade_shipment: { is: null } }, { foreign_trade_shipment: { is: Object.fromEntries(declarations.map((d) => [d, { none: {} }])) } }] };
  const documents = { documents: { some: { deleted_at: null } } };
  return [
    ...(f.reference_code != null ? [{ reference_code: f.reference_code }] : []),
    ...(f.reference_codes?.length ? [{ reference_code: { in: f.reference_codes } }] : []),
    ...(f.alert_level != null ? [{ alert_level: f.alert_level }] : []),
    ...inStates(f.status),
    ...handler,
    ...(f.has_documents == null ? [] : [f.has_documents ? documents : { NOT: documents }]),
    ...(f.has_customs_declaration === false ? [undeclared] : []),
    ...Object.keys(processRanges).flatMap((c) => inRange(c, dateOf(f[`${c}_from`]), dateOf(f[`${c}_to`]))),
    ...(shipment.length ? [{ foreign_trade_shipment: { is: { AND: shipment } } }] : []),
  ];
}

listField<{ operation_id: number; filters?: Filters | null }>({
  model: 'Process',
  field: 'processes',
  what: 'processes',
  description: 'Lists the live processes of an operation.',
  assembled: assembledPage('processes'),
  sortable,
  nullable: nullableSortable,
  sortPaths,
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
  located(records(t), 'process', processLocator, {
    type: 'Process',
    description: (how) => `One live process by ${how}.`,
    args: operationArg,
    resolve: (query, by, args, ctx, info) => {
      const where = { operation_id: args.operation_id as number, ...by, deleted_at: null };
      // Written by PostgreSQL when the selection can be (docs/decisions/019-assembled-pages.md).
      return found(assembledProcess(info, ctx.company.id, where, query, () => prisma().process.findFirst({ ...query, where: { company_id: ctx.company.id, ...where } })));
    },
  }),
);
