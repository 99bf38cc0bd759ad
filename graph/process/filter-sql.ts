// The process list's filters (ProcessFilters, docs/processes/index.md "List filters") as SQL
// conditions for the aggregates (docs/graphql-aggregates.md), over the aliases of `processRows`:
// the same input, the same meaning as `filterWhere` of the list (graph/process/queries.ts);
// tests/graphql-aggregates.test.ts checks both count alike under each filter.
import { Prisma } from '../../prisma/generated/client/client.ts';
import { currentUnlocode } from '../reference/port-aliases.ts';
import type { LifecycleState } from '../kit/filters.ts';
import { processRanges, shipmentRanges } from './inputs.ts';

export type ProcessFilterInput = {
  reference_code?: string | null;
  reference_codes?: string[] | null;
  alert_level?: string | null;
  status?: LifecycleState[] | null;
  actor_ids?: number[] | null;
  vessel_ids?: number[] | null;
  port_unlocodes?: string[] | null;
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

/** The SQL condition of a lifecycle state (graph/kit/filters.ts `inStates`). */
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

/** The conditions of the filters, values as parameters. */
export function processFilterSql(f: ProcessFilterInput): Prisma.Sql[] {
  const ports = f.port_unlocodes?.length ? f.port_unlocodes.map(currentUnlocode) : null;
  return [
    ...(f.reference_code != null ? [Prisma.sql`p.reference_code = ${f.reference_code}`] : []),
    ...(f.reference_codes?.length ? [Prisma.sql`p.reference_code = ANY(${f.reference_codes}::text[])`] : []),
    ...(f.alert_level != null ? [Prisma.sql`p.alert_level::text = ${f.alert_level}`] : []),
    ...(f.status?.length ? [Prisma.sql`(${Prisma.join(f.status.map((s) => Prisma.raw(`(${stateSql[s]})`)), ' OR ')})`] : []),
    ...(f.actor_ids?.length
      ? [Prisma.sql`EXISTS (SELECT 1 FROM process_handlers h WHERE h.company_id = p.company_id AND h.process_id = p.id AND h.actor_id = ANY(${f.actor_ids}::int[]))`]
      : []),
    ...ranges('p', Object.keys(processRanges), f),
    ...ranges('s', Object.keys(shipmentRanges), f),
    ...(f.vessel_ids?.length ? [Prisma.sql`m.vessel_id = ANY(${f.vessel_ids}::int[])`] : []),
    ...(ports ? [Prisma.sql`(lp.unlocode = ANY(${ports}::text[]) OR dp.unlocode = ANY(${ports}::text[]))`] : []),
  ];
}
