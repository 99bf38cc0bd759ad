// Events in GraphQL (docs/webhooks.md): the Event type and the `events` query an integrator
// catches up with after an outage; REST's GET /api/events runs it.
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { BadInputError, FieldErrors, fieldMessages } from '../errors.ts';
import { checkedSize, sizeDescription } from '../schema-helpers/pagination/bounds.ts';
import { checkedAfter, cursorKind } from '../schema-helpers/pagination/cursor.ts';
import { lastCursor, readSlice } from '../schema-helpers/pagination/page.ts';
import { eventTypes } from './catalogue.ts';
import { beforeReading } from '../database/before-reading.ts';
import { relayCompany } from './relay.ts';

/** A part of the stored payload of an event (an object: the resource and what else the event is about), null when absent. */
const part = (name: string) => (event: { payload: Prisma.JsonValue }) => {
  const payload = event.payload;
  return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload[name] ?? null) : null;
};

/** The payload is read only for a field that shows part of it: a reader of the typed fields alone does not load it (docs/webhooks.md, "Typed fields"). */
const fromPayload = { select: { payload: true } } as const;

export const EventObject = builder.prismaObject('Event', {
  description: 'A change, recorded with it and written as an event right after it committed (docs/webhooks.md, Event catalogue).',
  select: { seq: true },
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Event id, `evt_` and 24 hex digits; the `webhook-id` of its deliveries.' }),
    type: t.exposeString('type', { description: 'Event type, e.g. `order.created`.' }),
    created_at: t.expose('created_at', { type: 'DateTime', description: 'When the change was committed (its transaction began).' }),
    resource_id: t.exposeInt('resource_id', {
      nullable: true,
      description: "The id of the record `data` describes: the order, process (also for a shipment's, container's, customs record's or costs' event) or product, or the document. Read without `data`.",
    }),
    resource_reference_code: t.exposeString('resource_reference_code', {
      nullable: true,
      description: "The `reference_code` of that order or process, the `code` of that product; null for a document. Read without `data`.",
    }),
    data: t.field({ ...fromPayload, type: 'JSONObject', description: 'The resource as its GET route answers it once the change committed (docs/webhooks.md, Payloads); for a deleted order, process or product its id, code and `deleted_at`. Leave it out to list events without reading their payloads.', resolve: part('data') }),
    previous: t.field({ ...fromPayload, type: 'JSONObject', nullable: true, description: 'The values the change replaced, by field (updates and lifecycle steps).', resolve: part('previous') }),
    shipment: t.field({ ...fromPayload, type: 'JSONObject', nullable: true, description: 'The shipment whose ETA or tracking status changed.', resolve: part('shipment') }),
    container_event: t.field({ ...fromPayload, type: 'JSONObject', nullable: true, description: 'The container event added.', resolve: part('container_event') }),
    customs: t.field({ ...fromPayload, type: 'JSONObject', nullable: true, description: 'The customs record (`kind`, `id`, `status`) whose status changed.', resolve: part('customs') }),
  }),
});

const EventFilters = builder.inputType('EventFilters', {
  description: 'Which events to list.',
  fields: (t) => ({
    type: t.string({ description: 'Only events of this type, e.g. `order.created`.' }),
    created_after: t.field({ type: 'DateTime', description: 'Only events created at or after this time.' }),
    created_before: t.field({ type: 'DateTime', description: 'Only events created before this time.' }),
  }),
});

/** A stored event as read for a page: its `seq` (the cursor) and the columns the selection of `data` asked for. */
type EventRow = { seq: bigint; id: string };

/** A page of events and the cursor of the next one. */
const EventPage = builder.objectRef<{ data: EventRow[]; next_cursor: string | null; has_more: boolean }>('EventPage').implement({
  description: 'A page of events, oldest first, and the cursor that continues it.',
  fields: (t) => ({
    data: t.field({ type: [EventObject], description: 'The events of the page.', resolve: (page) => page.data }),
    next_cursor: t.exposeString('next_cursor', {
      nullable: true,
      description: 'Pass as `after` for the next page. Kept after the last page too: newer events come after it. Null only when there are no events yet.',
    }),
    has_more: t.exposeBoolean('has_more', { description: 'Whether more events already follow this page.' }),
  }),
});

/** A cursor is the position (`seq`) of the last event of a page, opaque to clients (graph/schema-helpers/pagination/cursor.ts). */
const eventCursor = cursorKind<bigint>(
  (seq) => `e:${seq}`,
  (text) => {
    const match = /^e:(\d{1,18})$/.exec(text);
    return match ? BigInt(match[1]) : undefined;
  },
);

builder.queryFields((t) => ({
  events: t.field({
    type: EventPage,
    description: 'Lists the events of the company, oldest first, by cursor: to catch up after an outage, pass the last `next_cursor` you kept as `after`.',
    args: {
      limit: t.arg.int({ description: sizeDescription }),
      after: t.arg.string({ description: 'The `next_cursor` of the previous page.' }),
      filters: t.arg({ type: EventFilters, description: 'Type and time filters.' }),
    },
    resolve: async (_root, args, ctx, info) => {
      const errors = new FieldErrors();
      const limit = checkedSize('limit', args.limit, errors);
      const after = checkedAfter(eventCursor, args.after, errors);
      const type = args.filters?.type;
      if (type != null && !(eventTypes as readonly string[]).includes(type)) errors.add('filters.type', fieldMessages.invalid);
      errors.throwIfAny(BadInputError);
      // Only the columns the selection of `data` needs (and `seq`, the cursor): no payload unless a field of it is asked for.
      const query = queryFromInfo({ context: ctx, info, typeName: 'Event', path: ['data'] }) as { select?: Record<string, unknown> };
      const read = (take: number) => prisma().event.findMany({
        select: { ...query.select, seq: true, id: true },
        where: {
          company_id: ctx.company.id,
          ...(after !== null ? { seq: { gt: after } } : {}),
          ...(type ? { type } : {}),
          ...(args.filters?.created_after || args.filters?.created_before
            ? { created_at: { ...(args.filters.created_after ? { gte: args.filters.created_after } : {}), ...(args.filters.created_before ? { lt: args.filters.created_before } : {}) } }
            : {}),
        },
        orderBy: { seq: 'asc' },
        take,
      });
      const page = await readSlice(limit, read, (event) => eventCursor.encode(event.seq));
      // After the last page the cursor is kept: newer events come after it.
      return { data: page.rows, has_more: page.hasNextPage, next_cursor: lastCursor(page) ?? args.after ?? null };
    },
  }),
}));

// Changes committed and not relayed yet are relayed before the events are read: a change that
// has answered is listed at once (docs/webhooks.md, Catching up).
beforeReading('events', (ctx) => relayCompany(ctx.company.id));
