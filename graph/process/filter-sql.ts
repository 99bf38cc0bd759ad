// The process list's filters (ProcessFilters, docs/processes/index.md "List filters") as SQL
// conditions for the aggregates (docs/graphql-aggregates.md), over the aliases of `processRows`:
// the same input, the same meaning as `filterWhere` of the list (graph/process/queries.ts);
// tests/graphql-aggregates.test.ts checks both count alike under each filter.
import { Prisma } from '../../prisma/generated/client/client.ts';
import { currentUnlocode } from '../reference/port-aliases.ts';
import type { LifecycleState } from '../schema-helpers/filters.ts';
import { processRanges, shipmentRanges } from './inputs.ts';

export type ProcessFilterInput = {
  reference_code?: string | null;
  reference_codes?: string[] | null;
  alert_level?: string | null;
  status?: LifecycleState[] | null;
  actor_ids?: number[] | null;
  vessel_ids?: number[] | null;
  port_unlocodes?: string[] | null;
  loading_port_unlocodes?: string[] | null;
  discharge_port_unlocodes?: string[] | null;
  transport_modes?: string[] | null;
  actor_role?: string | null;
  has_customs_declaration?: boolean | null;
  has_documents?: boolean | null;
} & Record<string, unknown>;

/**
 * The rows of processes with their shipment, its maritime part and ports (aliases `p`, `s`, `m`,
 * `lp`, `dp`): one row per process, each join on a unique key.
 */
export const processRows = Prisma.sql`
  LEFT JOIN foreign_trade_shipments s ON s.company_id = p.company_id AND s.process_id = p.id
  LEFT JOIN maritime_transport_shipments m ON m.company_id = s.company_id AND m.shipment_id = s.id
  LEFT JOIN maritime_ports lp ON lp.id = m.loading_port_id
  LEFT JOIN maritime_ports dp ON dp.id = m.discharge_port_id`;

/** The SQL condition of a lifecycle state (graph/schema-helpers/filters.ts `inStates`). */
export const stateSql: Record<LifecycleState, string> = {
  ACTIVE: 'p.finished_at IS NULL AND p.canceled_at IS NULL',
  FINISHED: 'p.finished_at IS NOT NULL AND p.canceled_at IS NULL',
  CANCELED: 'p.canceled_at IS NOT NULL',
};

const dateOf = (v: unknown) => (v instanceof Date ? v : null);

/** `alias.column` within [from, to] for each column of `columns` the filters bound. */
function ranges(alias: string, columns: readonly string[], f: ProcessFilterInput): Prisma.Sql[] {
  return columns.flatMap((column) => {
    const from = dateOf(f[`${column}_from`]);
    const to = dateOf(f[`${column}_to`]);
    // Column names are the keys of the module's constant tables, never input.
    const col = Prisma.raw(`${alias}.${column}`);
    return [...(from ? [Prisma.sql`${col} >= ${from}`] : []), ...(to ? [Prisma.sql`${col} <= ${to}`] : [])];
  });
}

const codes = (list: string[] | null | undefined) => (list?.length ? list.map(currentUnlocode) : null);

/** Whether the shipment has a customs declaration (an import declaration, a DUIMP, an export declaration). */
const declared = Prisma.sql`(EXISTS (SELECT 1 FROM shipment_import_declarations d WHERE d.company_id = s.company_id AND d.shipment_id = s.id)
  OR EXISTS (SELECT 1 FROM shipment_duimps d WHERE d.company_id = s.company_id AND d.shipment_id = s.id)
  OR EXISTS (SELECT 1 FROM shipment_export_declarations d WHERE d.company_id = s.company_id AND d.shipment_id = s.id))`;

/** The conditions of the newer filters: ports one side at a time, transport mode, handler role, declarations, documents. */
function moreFilterSql(f: ProcessFilterInput): Prisma.Sql[] {
  const [loading, discharge] = [codes(f.loading_port_unlocodes), codes(f.discharge_port_unlocodes)];
  const documents = Prisma.sql`EXISTS (SELECT 1 FROM process_documents pd WHERE pd.company_id = p.company_id AND pd.process_id = p.id AND pd.deleted_at IS NULL)`;
  return [
    ...(loading ? [Prisma.sql`lp.unlocode = ANY(${loading}::text[])`] : []),
    ...(discharge ? [Prisma.sql`dp.unlocode = ANY(${discharge}::text[])`] : []),
    ...(f.transport_modes?.length ? [Prisma.sql`s.type::text = ANY(${f.transport_modes}::text[])`] : []),
    ...(f.actor_role && !f.actor_ids?.length
      ? [Prisma.sql`EXISTS (SELECT 1 FROM process_handlers h WHERE h.company_id = p.company_id AND h.process_id = p.id AND h.role::text = ${f.actor_role})`]
      : []),
    ...(f.has_customs_declaration == null ? [] : [f.has_customs_declaration ? declared : Prisma.sql`(s.id IS NULL OR NOT ${declared})`]),
    ...(f.has_documents == null ? [] : [f.has_documents ? documents : Prisma.sql`NOT ${documents}`]),
  ];
}

/** The conditions of the filters, values as parameters. */
export function processFilterSql(f: ProcessFilterInput): Prisma.Sql[] {
  const ports = codes(f.port_unlocodes);
  const role = f.actor_role ? Prisma.sql` AND h.role::text = ${f.actor_role}` : Prisma.empty;
  return [
    ...(f.reference_code != null ? [Prisma.sql`p.reference_code = ${f.reference_code}`] : []),
    ...(f.reference_codes?.length ? [Prisma.sql`p.reference_code = ANY(${f.reference_codes}::text[])`] : []),
    ...(f.alert_level != null ? [Prisma.sql`p.alert_level::text = ${f.alert_level}`] : []),
    ...(f.status?.length ? [Prisma.sql`(${Prisma.join(f.status.map((s) => Prisma.raw(`(${stateSql[s]})`)), ' OR ')})`] : []),
    ...(f.actor_ids?.length
      ? [Prisma.sql`EXISTS (SELECT 1 FROM process_handlers h WHERE h.company_id = p.company_id AND h.process_id = p.id AND h.actor_id = ANY(${f.actor_ids}::int[])${role})`]
      : []),
    ...ranges('p', Object.keys(processRanges), f),
    ...ranges('s', Object.keys(shipmentRanges), f),
    ...(f.vessel_ids?.length ? [Prisma.sql`m.vessel_id = ANY(${f.vessel_ids}::int[])`] : []),
    ...(ports ? [Prisma.sql`(lp.unlocode = ANY(${ports}::text[]) OR dp.unlocode = ANY(${ports}::text[]))`] : []),
    ...moreFilterSql(f),
  ];
}
