// Work a query waits for before it reads, by the root fields it selects: a reader of the
// events has its company's committed changes relayed first (graph/events/relay.ts), so an
// event is listed as soon as its change has answered. It runs before the query's snapshot
// opens (graph/yoga.ts), in transactions of its own. Every query first has the planner
// statistics checked when no check ran for a while (graph/database/statistics.ts).
import { getOperationAST, Kind, type DocumentNode } from 'graphql';
import type { Context } from '../context.ts';
import { statisticsChecked } from './statistics.ts';

type Hook = (context: Context) => Promise<void>;
const hooks = new Map<string, Hook>();

/** Registers work a query selecting the root field `field` waits for before it reads. */
export function beforeReading(field: string, hook: Hook): void {
  hooks.set(field, hook);
}

/** Runs the work registered for the root fields the operation selects. */
export async function readyToRead(document: DocumentNode, operationName: string | null | undefined, context: Context): Promise<void> {
  await statisticsChecked();
  if (!hooks.size) return;
  const operation = getOperationAST(document, operationName ?? undefined);
  for (const selection of operation?.selectionSet.selections ?? []) {
    const hook = selection.kind === Kind.FIELD ? hooks.get(selection.name.value) : undefined;
    if (hook) await hook(context);
  }
}
