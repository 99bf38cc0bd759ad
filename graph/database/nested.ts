// How a nested list sent on update replaces the stored one (docs/decisions/
// 010-write-path.md): children are matched by a key (their `id`, or `line_reference` for order
// items); a sent child with a stored key updates that child, one without creates a new child,
// and stored children left out are removed. A sent `id` must name a stored child of the parent
// it is sent under (checkChildIds, docs/limits.md "References between records"): another
// parent's child would otherwise be rewritten, and an unknown id dropped. Pure: the writers
// apply the plan under the aggregate's row lock, so the stored list they planned from is the
// one they change.
import { type FieldErrors, fieldMessages } from '../errors.ts';

/** One sent child and the stored child it updates (null: a new child). */
export interface PlannedChild<T, S> {
  sent: T;
  stored: S | null;
}

/** What replacing a stored list with a sent one does. */
export interface ListPlan<T, S> {
  /** Every sent child in the order sent, with the stored child it updates. */
  children: PlannedChild<T, S>[];
  /** Stored children left out of the sent list. */
  removed: S[];
}

/**
 * Plans the replacement of `stored` by `sent`. A sent child whose key is absent (no id)
 * is new; one whose key matches no stored child is new too (checkChildIds reports such ids
 * before any write).
 */
export function planList<T, S, K>(
  sent: readonly T[],
  stored: readonly S[],
  sentKey: (child: T) => K | null | undefined,
  storedKey: (child: S) => K,
): ListPlan<T, S> {
  const byKey = new Map(stored.map((s) => [storedKey(s), s]));
  const kept = new Set<S>();
  const children = sent.map((child) => {
    const key = sentKey(child);
    const match = key === null || key === undefined ? undefined : byKey.get(key);
    if (match) kept.add(match);
    return { sent: child, stored: match ?? null };
  });
  return { children, removed: stored.filter((s) => !kept.has(s)) };
}

/**
 * Checks the `id` of each sent child of one parent against `owned`, the ids of that parent's
 * stored children (none when the parent is being created). An id not among them, whether
 * another parent's child, another company's or no row at all, gets "does not exist" on
 * `${at(i)}id`; an id sent twice gets "has already been taken". Answers the indexes rejected:
 * validation goes no deeper into those entries.
 */
export function checkChildIds(
  sent: readonly ({ id?: unknown } | null | undefined)[],
  owned: ReadonlySet<number>,
  at: (index: number) => string,
  errors: FieldErrors,
): Set<number> {
  const rejected = new Set<number>();
  const seen = new Set<number>();
  sent.forEach((child, i) => {
    const id = child?.id;
    if (id === undefined || id === null) return;
    if (typeof id !== 'number' || !owned.has(id)) {
      errors.add(`${at(i)}id`, fieldMessages.missing);
      rejected.add(i);
    } else if (seen.has(id)) errors.add(`${at(i)}id`, fieldMessages.taken);
    else seen.add(id);
  });
  return rejected;
}
