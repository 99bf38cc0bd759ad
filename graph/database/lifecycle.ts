// Lifecycle transitions as data (docs/decisions/010-write-path.md): which states allow each
// action and what the action writes. The write is one conditional UPDATE whose WHERE names the
// allowed states, so of many concurrent callers exactly one changes the row.
import { InvalidTransitionError, NotFoundError } from '../errors.ts';
import type { RootDelegate } from './locks.ts';

/** A lifecycle: how each state is recognised, and which states each action leaves from. */
export interface Lifecycle<S extends string, A extends string> {
  /** Field named by the 422 of a refused action. */
  field: string;
  /** Each state as a predicate on the row and as a Prisma filter. */
  states: Record<S, { is: (row: Record<string, unknown>) => boolean; where: Record<string, unknown> }>;
  /** Each action: the states it is allowed from and the columns it writes. */
  actions: Record<A, { from: readonly S[]; set: () => Record<string, Date | null> }>;
}

const isSet = (v: unknown) => v !== null && v !== undefined;

/** Orders and processes alike (docs/orders.md#lifecycle: finish when active; cancel when active or finished; uncancel when canceled). */
export const recordLifecycle: Lifecycle<'active' | 'finished' | 'canceled', 'finish' | 'cancel' | 'uncancel'> = {
  field: 'status',
  states: {
    active: { is: (r) => !isSet(r.finished_at) && !isSet(r.canceled_at), where: { finished_at: null, canceled_at: null } },
    finished: { is: (r) => isSet(r.finished_at) && !isSet(r.canceled_at), where: { finished_at: { not: null }, canceled_at: null } },
    canceled: { is: (r) => isSet(r.canceled_at), where: { canceled_at: { not: null } } },
  },
  actions: {
    finish: { from: ['active'], set: () => ({ finished_at: new Date() }) },
    cancel: { from: ['active', 'finished'], set: () => ({ canceled_at: new Date() }) },
    uncancel: { from: ['canceled'], set: () => ({ canceled_at: null }) },
  },
};

/** The costs of a process: close when open, reopen when closed. */
export const costsLifecycle: Lifecycle<'open' | 'closed', 'close' | 'reopen'> = {
  field: 'costs_closed_at',
  states: {
    open: { is: (r) => !isSet(r.costs_closed_at), where: { costs_closed_at: null } },
    closed: { is: (r) => isSet(r.costs_closed_at), where: { costs_closed_at: { not: null } } },
  },
  actions: {
    close: { from: ['open'], set: () => ({ costs_closed_at: new Date() }) },
    reopen: { from: ['closed'], set: () => ({ costs_closed_at: null }) },
  },
};

/** Whether `action` is allowed from the state of `row` (pure; the database applies the same table). */
export function allows<S extends string, A extends string>(lifecycle: Lifecycle<S, A>, action: A, row: Record<string, unknown>): boolean {
  return lifecycle.actions[action].from.some((s) => lifecycle.states[s].is(row));
}

/** A delegate that can also tell whether a row exists. */
export interface TransitionDelegate extends RootDelegate {
  count(args: { where: object }): PromiseLike<number>;
}

/**
 * Applies `action` to the live row matching `where` with one conditional UPDATE. None
 * changed: 404 when there is no such live row, else 422 on the lifecycle's field.
 */
export async function transition<S extends string, A extends string>(
  delegate: TransitionDelegate,
  lifecycle: Lifecycle<S, A>,
  action: A,
  where: Record<string, unknown>,
): Promise<void> {
  const { from, set } = lifecycle.actions[action];
  const { count } = await delegate.updateMany({
    where: { ...where, deleted_at: null, OR: from.map((s) => lifecycle.states[s].where) },
    data: { ...set(), updated_at: new Date() },
  });
  if (count === 1) return;
  const exists = await delegate.count({ where: { ...where, deleted_at: null } });
  if (!exists) throw new NotFoundError();
  throw new InvalidTransitionError(lifecycle.field);
}

/** Soft-deletes the live row matching `where` with one conditional update; 404 when there is none (or another caller deleted it first). */
export async function softDelete(delegate: RootDelegate, where: Record<string, unknown>): Promise<void> {
  const { count } = await delegate.updateMany({
    where: { ...where, deleted_at: null },
    data: { deleted_at: new Date() },
  });
  if (!count) throw new NotFoundError();
}
