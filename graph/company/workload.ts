// Fair share between companies (docs/limits.md, "Requests at work at once"): in each process, at
// most `companyConcurrency` requests of one company are at work at once; the next ones wait
// their turn in that company's queue, in order, and beyond `companyQueue` waiting requests the
// company is answered 429. One company's flood therefore waits behind itself, while the
// database connections and the event loop stay open to the others.
import pLimit, { type LimitFunction } from 'p-limit';
import type { Context } from '../context.ts';
import { env } from '../env.ts';
import { TooManyRequestsError } from '../errors.ts';
import { requestScope } from '../request/request-scope.ts';

const lanes = new Map<number, LimitFunction>();

/**
 * Runs the request's `work` in its company's turn; refuses at once (429) when the company's
 * queue is full. The turn is kept in the request scope (graph/request/request-scope.ts) while it
 * is held, so a request takes it once: work it starts inside it (a REST call's GraphQL
 * executions) runs at once.
 */
export async function inTurn<T>(context: Context, work: () => Promise<T>): Promise<T> {
  const companyId = context.company.id;
  const scope = requestScope.getStore();
  if (scope?.turn === companyId) return work();
  let lane = lanes.get(companyId);
  if (!lane) {
    lane = pLimit(env().companyConcurrency);
    lanes.set(companyId, lane);
  }
  if (lane.pendingCount >= env().companyQueue) throw new TooManyRequestsError();
  const current = lane;
  try {
    return await current(async () => {
      if (scope) scope.turn = companyId;
      try {
        return await work();
      } finally {
        if (scope) scope.turn = undefined;
      }
    });
  } finally {
    // An idle company keeps no lane.
    if (current.activeCount === 0 && current.pendingCount === 0 && lanes.get(companyId) === current) lanes.delete(companyId);
  }
}
