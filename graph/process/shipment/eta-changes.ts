// The history of shipments' ETAs in GraphQL (docs/tracking.md, "ETA history"): the
// `ShipmentEtaChange` rows the shipment's trigger writes in the transaction that changes
// `eta` (prisma/migrations/*_shipment_eta_changes), a shipment's `eta_changes` and the root
// `etaChanges` list. Read only: no write path writes these rows.
import { builder } from '../../builder.ts';
import { BadInputError, fieldMessages, formatFieldMessage } from '../../errors.ts';
import { exposeFields, field, enumField, type Fields } from '../../schema-helpers/fields.ts';
import { inRange, rangeFields } from '../../schema-helpers/filters.ts';
import { listField } from '../../schema-helpers/list.ts';
import { graphqlOnly } from '../../schema-helpers/selection.ts';
import { PAGE, pageSize } from '../../schema-helpers/pagination/bounds.ts';
import { EtaSourceEnum } from './enums.ts';

const changeFields: Fields = {
  shipment_id: field('int', 'The shipment whose ETA changed.'),
  process_id: field('int', 'The process of the shipment.'),
  previous_eta: field('datetime', 'The ETA before the change; null when the shipment had none.'),
  new_eta: field('datetime', 'The ETA after the change; null when it was cleared.'),
  source: enumField('EtaSource', "Where the new ETA came from (the shipment's `eta_source` after the change): CARRIER_ACTUAL, CARRIER_ESTIMATED, TRACKING or SENT; null when it was cleared."),
  move_minutes: field('int', 'How far the ETA moved, `new_eta - previous_eta` in minutes: positive when it moved later, negative when earlier; null when either is null.'),
  move_size_minutes: field('int', 'The size of the move, the absolute value of `move_minutes` (sort by it for the largest moves); null when either ETA is null.'),
  changed_at: field('datetime', 'When the ETA changed: the time of the transaction that changed it.'),
};

builder.prismaObject('ShipmentEtaChange', {
  description:
    "One change of a shipment's ETA, whoever made it: a process write, a carrier lookup or push, or the followed vessel's AIS voyage. A shipment created with an ETA has no change; a write that sends the same ETA makes none; the writes of one transaction make one (docs/tracking.md, \"ETA history\").",
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    ...(exposeFields(t, changeFields) as object),
    process: t.relation('process', { description: 'The process of the shipment, read in the same statement as the changes.' }),
  }),
});

builder.prismaObjectField('ForeignTradeShipment', 'eta_changes', (t) =>
  t.relation('eta_changes', {
    ...graphqlOnly,
    description: `The changes of the shipment's \`eta\`, newest first: ${PAGE.defaultLimit} unless \`first\` says (1 to ${PAGE.maxLimit}); all of them through \`etaChanges\` (docs/tracking.md, "ETA history"). GraphQL only.`,
    args: { first: t.arg.int({ description: `How many, 1 to ${PAGE.maxLimit} (default ${PAGE.defaultLimit}), newest first.` }) },
    query: (args) => ({ orderBy: [{ changed_at: 'desc' }, { id: 'desc' }], take: pageSize('first', args.first) }),
  }),
);

interface EtaChangeFilters {
  process_ids?: number[] | null;
  changed_at_from?: Date | null;
  changed_at_to?: Date | null;
  move_size_minutes_from?: number | null;
  source?: string[] | null;
}

const EtaChangeFiltersInput = builder.inputType('EtaChangeFilters', {
  description: 'Filters of `etaChanges`; all given must hold.',
  fields: (t) => ({
    process_ids: t.intList({ description: `Only the changes of these processes' shipments (at most ${PAGE.maxLimit}).` }),
    ...rangeFields(t, { changed_at: 'ETA changed' }),
    move_size_minutes_from: t.int({ description: 'Only the moves of at least this many minutes, later or earlier (`move_size_minutes` at or above it; a change from or to no ETA has no size and is left out).' }),
    source: t.field({ type: [EtaSourceEnum], description: 'Only the changes to an ETA from one of these sources.' }),
  }),
});

/** The filter of the rows a company may read, with the caller's filters; bad bounds are a 400 before any work. */
function changesWhere(companyId: number, filters: EtaChangeFilters | null | undefined): object {
  const f = filters ?? {};
  const bad: { name: string; message: string }[] = [];
  if (f.process_ids && f.process_ids.length > PAGE.maxLimit) bad.push({ name: 'filters.process_ids', message: formatFieldMessage('tooMany', PAGE.maxLimit) });
  if (f.move_size_minutes_from != null && f.move_size_minutes_from < 0) bad.push({ name: 'filters.move_size_minutes_from', message: fieldMessages.outOfRange });
  if (bad.length) throw new BadInputError(bad);
  return {
    AND: [
      { company_id: companyId, process: { deleted_at: null } },
      ...(f.process_ids ? [{ process_id: { in: f.process_ids } }] : []),
      ...inRange('changed_at', f.changed_at_from, f.changed_at_to),
      ...(f.move_size_minutes_from != null ? [{ move_size_minutes: { gte: f.move_size_minutes_from } }] : []),
      ...(f.source?.length ? [{ source: { in: f.source } }] : []),
    ],
  };
}

listField<{ filters?: EtaChangeFilters | null }>({
  model: 'ShipmentEtaChange',
  field: 'etaChanges',
  what: 'ETA changes',
  description:
    "Lists the changes of the company's shipments' ETAs, newest first unless `order_by` says: by process, by when they changed and by the size of the move (the 10 largest moves of the last 14 days: `changed_at_from` 14 days ago, `order_by: [{ field: move_size_minutes, order: DESC_NULLS_LAST }]`, `limit: 10`).",
  sortable: ['id', 'changed_at', 'move_size_minutes', 'move_minutes'],
  nullable: new Set(['move_size_minutes', 'move_minutes']),
  defaultOrder: [{ field: 'id', order: 'DESC' }],
  args: (t) => ({ filters: t.arg({ type: EtaChangeFiltersInput, description: 'Which changes.' }) }),
  where: (args, ctx) => changesWhere(ctx.company.id, args.filters),
});
