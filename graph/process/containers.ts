// The company's containers across its live processes (docs/processes/foreign_trade_shipment.md,
// "The containers list"): `containers` and `containersConnection`, each container with its
// demurrage free time's end (kept with the container: filtered and sorted through an index) and
// exposure (computed in the page's one joined statement).
import { builder } from '../builder.ts';
import { listField, searchColumns } from '../schema-helpers/list.ts';
import { inRange, inStates, rangeFields, type LifecycleState } from '../schema-helpers/filters.ts';
import { currentUnlocode } from '../reference/port-aliases.ts';
import { ProcessStatusEnum } from './inputs.ts';

type Filters = {
  status?: LifecycleState[] | null;
  vessel_ids?: number[] | null;
  discharge_port_unlocodes?: string[] | null;
  free_time_ends_at_from?: Date | null;
  free_time_ends_at_to?: Date | null;
  returned_empty?: boolean | null;
};

const ContainerFilters = builder.inputType('ContainerFilters', {
  description: 'Filters of the container list, all applied together; a list filter keeps containers matching any of its values.',
  fields: (t) => ({
    status: t.field({ type: [ProcessStatusEnum], description: "States of the container's process: ACTIVE, FINISHED, CANCELED." }),
    vessel_ids: t.intList({ description: "Containers whose shipment's maritime part follows any of these vessels." }),
    discharge_port_unlocodes: t.stringList({ description: "Containers whose shipment discharges at any of these ports (UN/LOCODE, e.g. BRSSZ, or a code in everyday use for it)." }),
    ...rangeFields(t, { free_time_ends_at: 'Demurrage free time ending (`free_time_ends_at`; a container without one is left out)' }),
    returned_empty: t.boolean({ description: 'true: the containers whose empty return is recorded (`actual_return_empty_container_at`); false: those not yet returned.' }),
  }),
});

/** The conditions on the container's shipment and process (docs/processes/foreign_trade_shipment.md, "The containers list"). */
function shipmentWhere(f: Filters): object {
  const maritime = [
    ...(f.vessel_ids?.length ? [{ vessel_id: { in: f.vessel_ids } }] : []),
    ...(f.discharge_port_unlocodes?.length ? [{ discharge_port: { is: { unlocode: { in: f.discharge_port_unlocodes.map(currentUnlocode) } } } }] : []),
  ];
  return {
    parent: { is: { AND: [{ deleted_at: null }, ...inStates(f.status)] } },
    ...(maritime.length ? { maritime_transport_shipment: { is: { AND: maritime } } } : {}),
  };
}

/** The conditions on the container itself. */
const containerWhere = (f: Filters): object[] => [
  ...inRange('free_time_ends_at', f.free_time_ends_at_from, f.free_time_ends_at_to),
  ...(f.returned_empty == null ? [] : [{ actual_return_empty_container_at: f.returned_empty ? { not: null } : null }]),
];

listField<{ filters?: Filters | null }>({
  model: 'Container',
  field: 'containers',
  what: 'containers',
  description:
    "Lists the containers of the company's live processes, each with `free_time_ends_at`, `demurrage_exceeding_days` and `demurrage_costs` (its demurrage exposure) and its shipment through `transportable`; filtered and sorted by when the free time ends (those ending within 5 days: `filters: { free_time_ends_at_from: now, free_time_ends_at_to: now + 5 days }`, `order_by: [{ field: free_time_ends_at }]`).",
  sortable: ['id', 'code', 'free_time_ends_at'],
  nullable: new Set(['free_time_ends_at']),
  search: searchColumns(['code'], 'Case-insensitive substring of the container code.'),
  args: (t) => ({ filters: t.arg({ type: ContainerFilters, description: 'Filters.' }) }),
  where: (args, ctx) => ({
    AND: [{ company_id: ctx.company.id, parent: { is: { parent: { is: shipmentWhere(args.filters ?? {}) } } } }, ...containerWhere(args.filters ?? {})],
  }),
});
