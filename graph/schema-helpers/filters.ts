// Filters the lists share (docs/index.md, "Lists"): the state a record's lifecycle timestamps
// give it, and inclusive date-time ranges.
import { builder } from '../builder.ts';

export const lifecycleStates = ['ACTIVE', 'FINISHED', 'CANCELED'] as const;
export type LifecycleState = (typeof lifecycleStates)[number];

/** The state enum of a record with a lifecycle (`what`: "an order", "a process"). */
export function lifecycleStateEnum(name: string, what: string) {
  return builder.enumType(name, {
    description: `State of ${what}, from its timestamps.`,
    values: {
      ACTIVE: { description: 'Neither finished nor canceled.' },
      FINISHED: { description: '`finished_at` is set and `canceled_at` is not.' },
      CANCELED: { description: '`canceled_at` is set.' },
    } as const,
  });
}

const stateWhere: Record<LifecycleState, object> = {
  ACTIVE: { finished_at: null, canceled_at: null },
  FINISHED: { finished_at: { not: null }, canceled_at: null },
  CANCELED: { canceled_at: { not: null } },
};

/** Rows in any of the states (none: no condition). */
export const inStates = (states: readonly LifecycleState[] | null | undefined): object[] =>
  states?.length ? [{ OR: states.map((s) => stateWhere[s]) }] : [];

/** Rows whose `column` lies in [from, to] (either bound may be left out; none: no condition). */
export function inRange(column: string, from: Date | null | undefined, to: Date | null | undefined): object[] {
  if (!from && !to) return [];
  return [{ [column]: { ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) } }];
}

/** The `<column>_from` and `<column>_to` filter fields of each column (`what` says what the column holds). */
export function rangeFields<Field>(t: { field(options: { type: 'DateTime'; description: string }): Field }, columns: Record<string, string>): Record<string, Field> {
  return Object.fromEntries(
    Object.entries(columns).flatMap(([column, what]) => [
      [`${column}_from`, t.field({ type: 'DateTime', description: `${what} at or after (inclusive).` })],
      [`${column}_to`, t.field({ type: 'DateTime', description: `${what} at or before (inclusive).` })],
    ]),
  );
}
