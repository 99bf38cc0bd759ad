// GraphQL subscriptions (docs/graphql.md, "Subscriptions"), served over Server-Sent Events by
// graphql-yoga: the events of one process, and the tracking events of an operation's
// shipments, as they commit (graph/events/live.ts), for the company of the API key only.
import type { Event } from '../../prisma/generated/client/client.ts';
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { findLiveProcess, requireOperation } from '../process/stored.ts';
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
