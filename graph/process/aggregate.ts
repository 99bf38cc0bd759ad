// Aggregates of processes and of their containers (docs/graphql-aggregates.md): counts and date
// ranges grouped by up to two dimensions dashboards use, with the process list's filters, each
// in one SQL statement.
import { builder, type ArgsBuilder } from '../builder.ts';
import { prisma } from '../db.ts';
import { NotFoundError } from '../errors.ts';
import { shipmentEnums } from './shipment/enums.ts';
import { AGGREGATE, allOf, checkedGrouping, groupedStatement, groupsOf, type Dimension, type GroupRow } from '../database/aggregate.ts';
import { Prisma } from '../../prisma/generated/client/client.ts';
import { ProcessFilters, ProcessStatusEnum } from './inputs.ts';
import { AlertLevelEnum } from './types.ts';
import { processFilterSql, processRows, stateSql, type ProcessFilterInput } from './filter-sql.ts';

/** The role whose handler entry a dimension groups by: one entry per process and role. */
const handlerOf = (role: string, key: string): Dimension => ({
  sql: `(SELECT h.actor_id FROM process_handlers h WHERE h.company_id = p.company_id AND h.process_id = p.id AND h.role = '${role}')`,
  key,
});

/** Dimensions of processes, by enum value; the SQL texts are constants. */
const processDimensions = {
  STATE: { sql: `CASE WHEN ${stateSql.CANCELED} THEN 'CANCELED' WHEN p.finished_at IS NOT NULL THEN 'FINISHED' ELSE 'ACTIVE' END`, key: 'state' },
  ALERT_LEVEL: { sql: 'p.alert_level::text', key: 'alert_level' },
  TRANSPORT_MODE: { sql: 's.type::text', key: 'transport_mode' },
  LOADING_PORT: { sql: 'lp.unlocode::text', key: 'loading_port_unlocode' },
  DISCHARGE_PORT: { sql: 'dp.unlocode::text', key: 'discharge_port_unlocode' },
  VESSEL: { sql: 'm.vessel_id', key: 'vessel_id' },
  SEALINE: { sql: '(SELECT sl.scac::text FROM sealines sl WHERE sl.id = m.sealine_id)', key: 'sealine_scac' },
  ETA_WEEK: { sql: "(date_trunc('week', s.eta AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')", key: 'eta_week' },
  SUPPLIER: handlerOf('SUPPLIER', 'supplier_id'),
  CUSTOMER: handlerOf('CUSTOMER', 'customer_id'),
  IMPORTER: handlerOf('IMPORTER', 'importer_id'),
  CUSTOMS_BROKER: handlerOf('CUSTOMS_BROKER', 'customs_broker_id'),
} as const satisfies Record<string, Dimension>;

/** Containers group by the process dimensions and their own. */
const containerDimensions = {
  ...processDimensions,
  CONTAINER_SIZE: { sql: 'c.size_foot_type::text', key: 'size_foot_type' },
  CONTAINER_TYPE: { sql: 'c.type::text', key: 'container_type' },
} as const satisfies Record<string, Dimension>;

/** Measures of both: how many, and the range of the shipment's estimated dates. */
const dateMeasures = { count: 'count(*)', eta_min: 'min(s.eta)', eta_max: 'max(s.eta)', etd_min: 'min(s.etd)', etd_max: 'max(s.etd)' };

const dimensionEnum = (name: string, what: string, dims: Record<string, Dimension>) =>
  builder.enumType(name, {
    description: `A dimension ${what} group by (docs/graphql-aggregates.md).`,
    values: Object.fromEntries(Object.entries(dims).map(([value, d]) => [value, { description: `Group by \`${d.key}\` of the group's key.` }])),
  });
const ProcessDimension = dimensionEnum('ProcessDimension', 'process aggregates', processDimensions);
const ContainerDimension = dimensionEnum('ContainerDimension', 'container aggregates', containerDimensions);

/** The value of an enum column of a group row (the SQL reads it as text). */
type ValueOf<Ref extends { $inferType: unknown }> = Ref['$inferType'] | null;
const { ShipmentType, ContainerSizeFootType, ContainerType } = shipmentEnums;

/** The key of a group: the value of each dimension grouped by; null for the others (and for rows without a value). */
function keyType(name: string, withContainer: boolean) {
  return builder.objectRef<GroupRow>(name).implement({
    description: 'The values that define a group: one per dimension of `group_by`; the fields of other dimensions are null.',
    fields: (t) => ({
      state: t.field({ type: ProcessStatusEnum, nullable: true, description: 'Lifecycle state (STATE).', resolve: (r) => r.state as ValueOf<typeof ProcessStatusEnum> }),
      alert_level: t.field({ type: AlertLevelEnum, nullable: true, description: 'Alert level (ALERT_LEVEL).', resolve: (r) => r.alert_level as ValueOf<typeof AlertLevelEnum> }),
      transport_mode: t.field({ type: ShipmentType, nullable: true, description: 'Transport mode of the shipment (TRANSPORT_MODE).', resolve: (r) => r.transport_mode as ValueOf<typeof ShipmentType> }),
      loading_port_unlocode: t.string({ nullable: true, description: 'UN/LOCODE of the maritime loading port (LOADING_PORT).', resolve: (r) => r.loading_port_unlocode as string | null }),
      discharge_port_unlocode: t.string({ nullable: true, description: 'UN/LOCODE of the maritime discharge port (DISCHARGE_PORT).', resolve: (r) => r.discharge_port_unlocode as string | null }),
      vessel_id: t.int({ nullable: true, description: 'Id of the vessel the maritime shipment follows (VESSEL).', resolve: (r) => r.vessel_id as number | null }),
      sealine_scac: t.string({ nullable: true, description: 'SCAC of the maritime shipment\'s sealine (SEALINE).', resolve: (r) => r.sealine_scac as string | null }),
      eta_week: t.field({ type: 'DateTime', nullable: true, description: 'Start (Monday 00:00 UTC) of the ISO week of the shipment\'s ETA (ETA_WEEK).', resolve: (r) => r.eta_week as Date | null }),
      supplier_id: t.int({ nullable: true, description: 'Actor of the SUPPLIER handler entry (SUPPLIER).', resolve: (r) => r.supplier_id as number | null }),
      customer_id: t.int({ nullable: true, description: 'Actor of the CUSTOMER handler entry (CUSTOMER).', resolve: (r) => r.customer_id as number | null }),
      importer_id: t.int({ nullable: true, description: 'Actor of the IMPORTER handler entry (IMPORTER).', resolve: (r) => r.importer_id as number | null }),
      customs_broker_id: t.int({ nullable: true, description: 'Actor of the CUSTOMS_BROKER handler entry (CUSTOMS_BROKER).', resolve: (r) => r.customs_broker_id as number | null }),
      ...(withContainer
        ? {
            size_foot_type: t.field({ type: ContainerSizeFootType, nullable: true, description: 'Container size (CONTAINER_SIZE).', resolve: (r) => r.size_foot_type as ValueOf<typeof ContainerSizeFootType> }),
            container_type: t.field({ type: ContainerType, nullable: true, description: 'Container type (CONTAINER_TYPE).', resolve: (r) => r.container_type as ValueOf<typeof ContainerType> }),
          }
        : {}),
    }),
  });
}

/** `<Name>Group` and `<Name>Aggregate`: the groups and whether some were cut. */
function aggregateTypes(name: string, what: string, withContainer: boolean) {
  const Key = keyType(`${name}GroupKey`, withContainer);
  const Group = builder.objectRef<GroupRow>(`${name}Group`).implement({
    description: `One group of ${what}: its key, how many, and the range of their shipments' dates.`,
    fields: (t) => ({
      key: t.field({ type: Key, description: 'The values of the dimensions grouped by.', resolve: (r) => r }),
      count: t.int({ description: `How many ${what}.`, resolve: (r) => r.count as number }),
      eta_min: t.field({ type: 'DateTime', nullable: true, description: 'Earliest shipment ETA (null when none has one).', resolve: (r) => r.eta_min as Date | null }),
      eta_max: t.field({ type: 'DateTime', nullable: true, description: 'Latest shipment ETA.', resolve: (r) => r.eta_max as Date | null }),
      etd_min: t.field({ type: 'DateTime', nullable: true, description: 'Earliest shipment ETD.', resolve: (r) => r.etd_min as Date | null }),
      etd_max: t.field({ type: 'DateTime', nullable: true, description: 'Latest shipment ETD.', resolve: (r) => r.etd_max as Date | null }),
    }),
  });
  return builder.objectRef<{ groups: GroupRow[]; truncated: boolean }>(`${name}Aggregate`).implement({
    description: `${what[0].toUpperCase()}${what.slice(1)} grouped, largest groups first.`,
    fields: (t) => ({
      groups: t.field({ type: [Group], description: 'The groups, by count descending then by key (nulls last); none when no row matches.', resolve: (a) => a.groups }),
      truncated: t.boolean({ description: 'True when more groups exist than `limit`: the smallest were left out.', resolve: (a) => a.truncated }),
    }),
  });
}

const ProcessAggregate = aggregateTypes('Process', 'processes', false);
const ContainerAggregate = aggregateTypes('Container', 'containers', true);

type Args = { operation_id: number; filters?: ProcessFilterInput | null; group_by?: string[] | null; limit?: number | null };

/** One aggregate: checks the arguments, runs its one statement, answers its groups (404 for another company's operation). */
async function aggregate(args: Args, companyId: number, dims: Record<string, Dimension>, shape: (where: Prisma.Sql) => { from: Prisma.Sql; where: Prisma.Sql }) {
  const { groupBy, limit } = checkedGrouping(args.group_by, args.limit);
  const scope = Prisma.sql`p.company_id = ${companyId} AND p.operation_id = ${args.operation_id} AND p.deleted_at IS NULL`;
  const query = {
    ...shape(allOf([scope, ...processFilterSql(args.filters ?? {})])),
    dimensions: groupBy.map((d) => dims[d]),
    measures: dateMeasures,
    limit,
    exists: Prisma.sql`SELECT count(*) > 0 FROM operations o WHERE o.company_id = ${companyId} AND o.id = ${args.operation_id}`,
  };
  const answer = groupsOf(await prisma().$queryRaw<GroupRow[]>(groupedStatement(query)), query);
  if (!answer) throw new NotFoundError();
  return answer;
}

const aggregateArgs = (t: ArgsBuilder, dimension: typeof ProcessDimension | typeof ContainerDimension) => ({
  operation_id: t.arg.int({ required: true, description: 'The operation.' }),
  filters: t.arg({ type: ProcessFilters, description: 'The filters of the process list (`processes`).' }),
  group_by: t.arg({ type: [dimension], required: false, description: `Dimensions to group by, at most ${AGGREGATE.maxDimensions}; none: one group of all matching rows.` }),
  limit: t.arg.int({ description: `Groups to answer, 1 to ${AGGREGATE.maxGroups} (default ${AGGREGATE.defaultGroups}); \`truncated\` says when more exist.` }),
});

/** The cost estimate counts `groups` as `limit` entries, up to the aggregates' own bounds (graph/limits/document.ts). */
const pageBounds = { defaultLimit: AGGREGATE.defaultGroups, maxLimit: AGGREGATE.maxGroups };

builder.queryFields((t) => ({
  processAggregate: t.field({
    type: ProcessAggregate,
    extensions: { pageBounds },
    description: 'Counts and ETA/ETD ranges of the live processes of an operation, grouped by up to two dimensions; one SQL statement (docs/graphql-aggregates.md).',
    args: aggregateArgs(t, ProcessDimension),
    resolve: (_root, args, ctx) =>
      aggregate(args as Args, ctx.company.id, processDimensions, (where) => ({ from: Prisma.sql`FROM processes p ${processRows}`, where })),
  }),
  containerAggregate: t.field({
    type: ContainerAggregate,
    extensions: { pageBounds },
    description: 'Counts and ETA/ETD ranges of the containers of the live processes of an operation (the processes the filters keep), grouped by up to two dimensions; one SQL statement (docs/graphql-aggregates.md).',
    args: aggregateArgs(t, ContainerDimension),
    resolve: (_root, args, ctx) =>
      aggregate(args as Args, ctx.company.id, containerDimensions, (where) => ({
        from: Prisma.sql`FROM processes p ${processRows}
          JOIN transportables tr ON tr.company_id = s.company_id AND tr.shipment_id = s.id
          JOIN containers c ON c.company_id = tr.company_id AND c.transportable_id = tr.id`,
        where,
      })),
  }),
}));
