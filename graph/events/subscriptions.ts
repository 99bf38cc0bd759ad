// GraphQL subscriptions (docs/graphql.md, "Subscriptions"), served over Server-Sent Events by
// graphql-yoga: the events of one process, and the tracking events of an operation's
// shipments, and every event of an operation's processes (a board), as they commit (graph/events/live.ts), for the company of the API key only.
import type { Event } from '../../prisma/generated/client/client.ts';
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { findLiveProcess, requireOperation } from '../process/stored.ts';
import { BadInputError, FieldErrors, fieldMessages, formatFieldMessage } from '../errors.ts';
import { PAGE } from '../schema-helpers/pagination/bounds.ts';
import { eventTypes } from './catalogue.ts';
import { liveEvents } from './live.ts';
import { EventObject } from './schema.ts';

type Data = { id?: number; process_id?: number; operation?: { id?: number } };
const dataOf = (e: Event) => ((e.payload as { data?: Data } | null)?.data ?? {}) as Data;

/** Event types about a shipment's tracking. */
export const trackingTypes = ['shipment.eta_changed', 'shipment.tracking_status_changed', 'container.event_added'];

/** The process an event is about, when it is about one. */
function processOf(e: Event): number | undefined {
  if (e.type.startsWith('document.')) return dataOf(e).process_id;
  return /^(process|costs|shipment|container|customs)\./.test(e.type) ? dataOf(e).id : undefined;
}

/** Event types whose `data` is a process (its operation in `data.operation`): what a board of processes follows. */
export const boardTypes = /^(process|costs|shipment|container|customs)\./;

interface BoardFilters {
  types?: string[] | null;
  process_ids?: number[] | null;
  reference_codes?: string[] | null;
}

const ProcessesChangedFilters = builder.inputType('ProcessesChangedFilters', {
  description: 'Which events of the operation\'s processes `processesChanged` sends; all given must hold.',
  fields: (t) => ({
    types: t.stringList({ description: `Only events of these types (at most ${PAGE.maxLimit}), e.g. \`shipment.eta_changed\`.` }),
    process_ids: t.intList({ description: `Only the events of these processes (at most ${PAGE.maxLimit}).` }),
    reference_codes: t.stringList({ description: `Only the events of the processes with these reference codes (at most ${PAGE.maxLimit}).` }),
  }),
});

/** The filters checked (a 400 before any work) and made a test of an event, by its typed fields (docs/webhooks.md, "Typed fields"). */
function boardFilter(operationId: number, filters: BoardFilters | null | undefined): (e: Event) => boolean {
  const f = filters ?? {};
  const errors = new FieldErrors();
  for (const name of ['types', 'process_ids', 'reference_codes'] as const) if ((f[name]?.length ?? 0) > PAGE.maxLimit) errors.add(`filters.${name}`, formatFieldMessage('tooMany', PAGE.maxLimit));
  for (const type of f.types ?? []) if (!boardTypes.test(type) || !(eventTypes as readonly string[]).includes(type)) errors.add('filters.types', fieldMessages.invalid);
  errors.throwIfAny(BadInputError);
  const types = f.types?.length ? new Set(f.types) : null;
  const ids = f.process_ids?.length ? new Set(f.process_ids) : null;
  const codes = f.reference_codes?.length ? new Set(f.reference_codes) : null;
  return (e) =>
    boardTypes.test(e.type) &&
    dataOf(e).operation?.id === operationId &&
    (!types || types.has(e.type)) &&
    (!ids || (e.resource_id != null && ids.has(e.resource_id))) &&
    (!codes || (e.resource_reference_code != null && codes.has(e.resource_reference_code)));
}

builder.subscriptionType({ description: 'Live events, as they commit (docs/graphql.md, Subscriptions): over Server-Sent Events.' });

builder.subscriptionFields((t) => ({
  processChanged: t.field({
    type: EventObject,
    description:
      'Every event about one live process from now on: its lifecycle and updates, costs, shipment ETA and tracking, container events, customs statuses and documents. NOT_FOUND when the process is not one of your company\'s.',
    args: {
      operation_id: t.arg.int({ required: true, description: 'The operation of the process.' }),
      id: t.arg.int({ required: true, description: 'The process.' }),
    },
    subscribe: async (_root, args, ctx) => {
      await findLiveProcess(prisma(), ctx.company.id, args.operation_id, { id: args.id });
      return liveEvents(ctx.company.id, (e) => processOf(e) === args.id);
    },
    resolve: (event: Event) => event,
  }),
  processesChanged: t.field({
    type: EventObject,
    description:
      "Every event about the live processes of one operation from now on, for a board of them in one stream: their lifecycle and updates, costs, shipment ETA and tracking, container events and customs statuses, and `process.deleted` when one leaves (not documents), narrowed by `filters`. NOT_FOUND when the operation is not one of your company's; another company's events never arrive.",
    args: {
      operation_id: t.arg.int({ required: true, description: 'The operation.' }),
      filters: t.arg({ type: ProcessesChangedFilters, description: 'Which events: by type, process id or reference code.' }),
    },
    subscribe: async (_root, args, ctx) => {
      const keep = boardFilter(args.operation_id, args.filters);
      await requireOperation(prisma(), ctx.company.id, args.operation_id);
      return liveEvents(ctx.company.id, keep);
    },
    resolve: (event: Event) => event,
  }),
  shipmentTracking: t.field({
    type: EventObject,
    description: `The tracking events of the operation's shipments from now on: ${trackingTypes.map((x) => `\`${x}\``).join(', ')}. NOT_FOUND when the operation is not one of your company's.`,
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }) },
    subscribe: async (_root, args, ctx) => {
      await requireOperation(prisma(), ctx.company.id, args.operation_id);
      return liveEvents(ctx.company.id, (e) => trackingTypes.includes(e.type) && dataOf(e).operation?.id === args.operation_id);
    },
    resolve: (event: Event) => event,
  }),
}));
