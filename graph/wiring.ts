// The write path's wiring, done once by the entry of each kind of process (the server,
// `npm run worker`, `npm run admin`): the composition root of the events
// (docs/decisions/012-events-and-webhooks.md). Every transaction of the write path checks the
// events outbox before it commits; the relay turns each committed change into events, renders
// their resources with the domain schema, and hands them to the webhook fan-out, which makes
// the deliveries in the relay's transaction. No module does any of this by being imported: a
// process that writes without this wiring fails loudly at its first relay.
import type { GraphQLSchema } from 'graphql';
import { checkOutbox } from './events/outbox.ts';
import { startRelay } from './events/relay.ts';
import { renderer } from './events/render.ts';
import { beforeEveryCommit } from './database/transaction.ts';
import { fanOut } from './webhooks/fan-out.ts';

/** Wires the events outbox, relay, renderer and webhook fan-out of this process over `schema`. */
export function wireWritePath(schema: GraphQLSchema): void {
  beforeEveryCommit(checkOutbox);
  startRelay({ render: renderer(schema), listeners: [fanOut] });
}
