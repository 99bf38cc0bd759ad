// A write that may create or update (PUT of a natural key) tells the REST facade which it did,
// so the facade answers 201 for a create and the route's 200 otherwise (rest/execute.ts).
import type { Context } from '../context.ts';

const created = new WeakSet<object>();

/** Notes that the request's write created its resource. */
export function markCreated(ctx: Context): void {
  created.add(ctx);
}

/** Whether the request's write created its resource. */
export function wasCreated(ctx: Context): boolean {
  return created.has(ctx);
}
