// Shared pieces of the concurrency tests: rounds per database, N calls at once, status tallies,
// container numbers with their check digit, shuffles.
import { expect, inject } from 'vitest';
import type { ApiResult } from '../helpers.ts';

/** Parallel clients per race. */
export const CLIENTS = 12;

/**
 * Rounds of a race. PostgreSQL runs requests on many connections at once, so a race needs a
 * few rounds to show reliably; the embedded PGlite has one connection and serializes them,
 * where a round or two shows the same rules hold.
 */
export function rounds(postgres = 6, pglite = 1): number {
  return inject('databaseKind') === 'postgres' ? postgres : pglite;
}

/** Starts `n` calls in the same tick and waits for every one of them. */
export function parallel<T>(call: (i: number) => Promise<T>, n = CLIENTS): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => call(i)));
}

/** How many times each number occurs, e.g. `{ 1: 40, 2: 3 }`. */
export function countOf(values: readonly number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/** How many answers had each status, e.g. `{ 200: 1, 422: 11 }`. */
export function tally(results: readonly ApiResult[]): Record<number, number> {
  return countOf(results.map((r) => r.status));
}

/** Answers whose status is not `expected`, as "status body" lines, for failure messages. */
export function unexpected(results: readonly ApiResult[], ...expected: number[]): string[] {
  return results.filter((r) => !expected.includes(r.status)).map((r) => `${r.status} ${JSON.stringify(r.body)}`);
}

/** The shape of a refusal: its code and the names of its fields, e.g. "UNPROCESSABLE_ENTITY status". */
export function refusals(results: readonly ApiResult[], status = 422): string[] {
  const shape = (r: ApiResult) => `${r.body?.code} ${(r.body?.fields ?? []).map((f: { name: string }) => f.name).join(',')}`;
  return [...new Set(results.filter((r) => r.status === status).map(shape))];
}

/** One line for an outcome, keys sorted at every level, e.g. `{items:3,statuses:{200:12}}`. */
function line(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]))
      : v;
  return JSON.stringify(sorted(value)).replace(/"/g, '');
}

/**
 * Expects every round's outcome to equal `expected`; a failure lists each round's outcome on
 * one line, followed by the unexpected answers of all rounds, alike ones counted once.
 */
export function expectEveryRound(outcomes: readonly Record<string, unknown>[], expected: Record<string, unknown>, unexpectedAnswers: readonly string[] = []) {
  const counts = new Map<string, number>();
  for (const a of unexpectedAnswers) counts.set(a, (counts.get(a) ?? 0) + 1);
  const notes = [...counts].map(([a, n]) => `${n}x ${a}`).join('\n');
  expect(outcomes.map(line), notes ? `unexpected answers:\n${notes}\n` : undefined).toEqual(outcomes.map(() => line(expected)));
}

/** A copy of `list` in random order. */
export function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Letter values of ISO 6346: A=10 upwards, skipping multiples of 11. */
const letterValues: Record<string, number> = (() => {
  const values: Record<string, number> = {};
  let v = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (v % 11 === 0) v++;
    values[letter] = v++;
  }
  return values;
})();

/** An ISO 6346 container number: owner code and category (4 letters), 6-digit serial, check digit. */
export function containerCode(owner: string, serial: number): string {
  const base = `${owner}${String(serial).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    const c = base[i];
    sum += (c >= '0' && c <= '9' ? Number(c) : letterValues[c]) * 2 ** i;
  }
  return `${base}${(sum % 11) % 10}`;
}

/** A fresh serial for container numbers, so rounds and tests never reuse one. */
export function serialBase(): number {
  return Math.floor(Math.random() * 9000) * 100;
}

/** The calls a lifecycle race makes: an API client bound to one company. */
type Client = ReturnType<typeof import('../helpers.ts').client>;

/**
 * Each round, twelve clients finish one new record (`base/{id}`): exactly one 200, eleven 422
 * on `status`, and the record ends finished (docs/orders.md#lifecycle).
 */
export async function expectOneFinish(api: Client, make: () => Promise<number>, base: string): Promise<void> {
  const outcomes = [];
  const odd: string[] = [];
  for (let round = 0; round < rounds(6, 2); round++) {
    const id = await make();
    const answers = await parallel(() => api.put(`${base}/${id}/finish`));
    const after = (await api.get(`${base}/${id}`)).body.data;
    outcomes.push({ statuses: tally(answers), refusals: refusals(answers), finished: after.finished_at !== null, canceled: after.canceled_at !== null });
    odd.push(...unexpected(answers, 200, 422));
  }
  expectEveryRound(outcomes, { statuses: { 200: 1, 422: CLIENTS - 1 }, refusals: ['UNPROCESSABLE_ENTITY status'], finished: true, canceled: false }, odd);
}

/**
 * Each round, twelve clients cancel one new record, then twelve uncancel it: one 200 each
 * time, the others 422 on `status`, and the record ends active again.
 */
export async function expectOneCancelThenOneUncancel(api: Client, make: () => Promise<number>, base: string): Promise<void> {
  const outcomes = [];
  const odd: string[] = [];
  for (let round = 0; round < rounds(6, 2); round++) {
    const id = await make();
    const cancels = await parallel(() => api.put(`${base}/${id}/cancel`));
    const canceled = (await api.get(`${base}/${id}`)).body.data.canceled_at !== null;
    const uncancels = await parallel(() => api.put(`${base}/${id}/uncancel`));
    const after = (await api.get(`${base}/${id}`)).body.data;
    outcomes.push({
      cancel: tally(cancels),
      canceled,
      uncancel: tally(uncancels),
      refusals: refusals([...cancels, ...uncancels]),
      active: after.canceled_at === null && after.finished_at === null,
    });
    odd.push(...unexpected([...cancels, ...uncancels], 200, 422));
  }
  const one = { 200: 1, 422: CLIENTS - 1 };
  expectEveryRound(outcomes, { cancel: one, canceled: true, uncancel: one, refusals: ['UNPROCESSABLE_ENTITY status'], active: true }, odd);
}
