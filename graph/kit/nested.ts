// How a nested list sent on update replaces the stored one (docs/decisions/
// 010-write-path.md): children are matched by a key (their `id`, or `line_reference` for order
// items); a sent child with a stored key updates that child, one without creates a new child,
// and stored children left out are removed. Pure: the writers apply the plan under the
// aggregate's row lock, so the stored list they planned from is the one they change.

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
 * is new; one whose key matches no stored child is new too (validation reports unknown ids
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
