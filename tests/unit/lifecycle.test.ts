// graph/database/lifecycle.ts: the tables of states and actions, checked in full. `allows` is the
// in-memory reading of a table; each state's `where` is the filter the conditional UPDATE uses,
// so the two must agree on every row, and each action must lead where its name says.
import { describe, expect, it } from 'vitest';
import { allows, costsLifecycle, recordLifecycle, type Lifecycle } from '../../graph/database/lifecycle.ts';

const at = new Date('2024-05-01T12:00:00Z');
const later = new Date('2024-06-01T12:00:00Z');

/** Rows of an order or a process in each state, as stored (a column left out reads as null). */
const records = {
  active: [{ finished_at: null, canceled_at: null }, {}],
  finished: [{ finished_at: at, canceled_at: null }],
  canceled: [{ finished_at: null, canceled_at: at }, { finished_at: at, canceled_at: later }],
} as const;

/** The costs of a process in each state. */
const costs = {
  open: [{ costs_closed_at: null }, {}],
  closed: [{ costs_closed_at: at }],
} as const;

/** Whether `row` passes a state's Prisma filter (the two forms the tables use: `null` and `{ not: null }`). */
function passes(where: Record<string, unknown>, row: Record<string, unknown>): boolean {
  return Object.entries(where).every(([column, condition]) => {
    const value = row[column] ?? null;
    if (condition === null) return value === null;
    if (JSON.stringify(condition) === JSON.stringify({ not: null })) return value !== null;
    throw new Error(`unexpected filter on ${column}: ${JSON.stringify(condition)}`);
  });
}

/** The one state `row` is in; fails when it is in none or in several. */
function stateOf<S extends string, A extends string>(lifecycle: Lifecycle<S, A>, row: Record<string, unknown>): S {
  const states = (Object.keys(lifecycle.states) as S[]).filter((s) => lifecycle.states[s].is(row));
  expect(states, JSON.stringify(row)).toHaveLength(1);
  return states[0];
}

/** Every (state, action) pair of a table with the rows of that state and whether the action is allowed. */
function table<S extends string, A extends string>(rows: Record<S, readonly Record<string, unknown>[]>, allowed: Record<A, readonly S[]>) {
  return (Object.keys(allowed) as A[]).flatMap((action) =>
    (Object.keys(rows) as S[]).map((state) => ({ action, state, rows: rows[state], allowed: allowed[action].includes(state) })),
  );
}

describe('the lifecycle of orders and processes', () => {
  const expected = { finish: ['active'], cancel: ['active', 'finished'], uncancel: ['canceled'] } as const;

  it.each(table(records, expected))('$action from $state: allowed $allowed', ({ action, rows, allowed }) => {
    for (const row of rows) expect(allows(recordLifecycle, action, row), JSON.stringify(row)).toBe(allowed);
  });

  it('puts every row in exactly one state, the same in memory and in the filter the database applies', () => {
    for (const [state, rows] of Object.entries(records)) {
      for (const row of rows) {
        expect(stateOf(recordLifecycle, row)).toBe(state);
        for (const [other, { where }] of Object.entries(recordLifecycle.states)) {
          expect(passes(where, row), `${other} filter on a ${state} row`).toBe(other === state);
        }
      }
    }
  });

  it('finishes into finished, cancels into canceled, and uncancels back to the state before the cancel', () => {
    const apply = (row: Record<string, unknown>, action: keyof typeof expected) => ({ ...row, ...recordLifecycle.actions[action].set() });
    expect(stateOf(recordLifecycle, apply(records.active[0], 'finish'))).toBe('finished');
    expect(stateOf(recordLifecycle, apply(records.active[0], 'cancel'))).toBe('canceled');
    expect(stateOf(recordLifecycle, apply(records.finished[0], 'cancel'))).toBe('canceled');
    expect(stateOf(recordLifecycle, apply(records.canceled[0], 'uncancel'))).toBe('active');
    expect(stateOf(recordLifecycle, apply(records.canceled[1], 'uncancel'))).toBe('finished');
  });

  it('stamps the time of the action and names `status` when it refuses one', () => {
    const before = Date.now();
    const { finished_at } = recordLifecycle.actions.finish.set();
    expect(finished_at).toBeInstanceOf(Date);
    expect(finished_at!.getTime()).toBeGreaterThanOrEqual(before);
    expect(recordLifecycle.actions.uncancel.set()).toEqual({ canceled_at: null });
    expect(recordLifecycle.field).toBe('status');
  });
});

describe('the lifecycle of the costs of a process', () => {
  const expected = { close: ['open'], reopen: ['closed'] } as const;

  it.each(table(costs, expected))('$action from $state: allowed $allowed', ({ action, rows, allowed }) => {
    for (const row of rows) expect(allows(costsLifecycle, action, row), JSON.stringify(row)).toBe(allowed);
  });

  it('puts every row in exactly one state, the same in memory and in the filter the database applies', () => {
    for (const [state, rows] of Object.entries(costs)) {
      for (const row of rows) {
        expect(stateOf(costsLifecycle, row)).toBe(state);
        for (const [other, { where }] of Object.entries(costsLifecycle.states)) {
          expect(passes(where, row), `${other} filter on a ${state} row`).toBe(other === state);
        }
      }
    }
  });

  it('closes into closed and reopens into open, naming `costs_closed_at` when it refuses', () => {
    const closed = { ...costs.open[0], ...costsLifecycle.actions.close.set() };
    expect(stateOf(costsLifecycle, closed)).toBe('closed');
    expect(stateOf(costsLifecycle, { ...closed, ...costsLifecycle.actions.reopen.set() })).toBe('open');
    expect(costsLifecycle.field).toBe('costs_closed_at');
  });
});
