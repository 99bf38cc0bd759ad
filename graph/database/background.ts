// Work a request starts and does not wait for (the relay of its changes' events after a
// commit, graph/events/relay.ts). It starts once the request's answer is sent, so it never delays
// it, or after 100 ms at the latest (a request may itself wait for background work, as a
// later mutation of a GraphQL document does). It runs in an async context of its own, so it
// never joins the request's transaction or counts on its statement counter; a failure is
// logged (the delivery workers take the work up again), and a stopping server waits for what
// is running.
import { AsyncResource } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { requestScope } from '../request/request-scope.ts';
import { noteIfUnavailable } from '../../prisma/availability.ts';

const own = new AsyncResource('background-work');
/** The longest background work waits for its request's answer before it starts anyway. */
const START_WITHIN_MS = 100;
const running = new Set<Promise<void>>();

/**
 * Starts `work` outside the caller's context; `label` names it in the log if it fails. With
 * `now`, it starts at once rather than after the answer (work the request itself waits for).
 */
export function inBackground(label: string, work: () => Promise<void>, { now = false } = {}): Promise<void> {
  const answered = now ? undefined : requestScope.getStore()?.answered;
  const done: Promise<void> = own
    .runInAsyncScope(async () => {
      if (answered) await Promise.race([answered, sleep(START_WITHIN_MS)]);
      await work();
    })
    // A database that cannot be used is an outage, logged once for the process (prisma/availability.ts).
    .catch((e: unknown) => {
      if (!noteIfUnavailable(e)) console.error(`[${label}] failed:`, e instanceof Error ? e.message : e);
    })
    .finally(() => running.delete(done));
  running.add(done);
  return done;
}

/** Waits for the background work running now (a server stopping). */
export async function backgroundSettled(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}
