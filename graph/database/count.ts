// Counts of lists (docs/decisions/017-capped-counts.md): `total_count` (REST and GraphQL lists)
// and `totalCount` (connections) count at most COUNT_CAP matching rows, so a count costs what
// reading that many keys costs whatever the company's size; beyond it they answer COUNT_CAP
// with `total_count_exact` / `totalCountExact` false (docs/limits.md, "Counts").
import { modelDelegate } from './records.ts';

/** The most matching rows a list counts exactly (docs/limits.md, "Counts"). */
export const COUNT_CAP = 10_000;

/** A list's count: exact up to COUNT_CAP; `exact` false means "at least `count`". */
export interface CappedCount {
  count: number;
  exact: boolean;
}

type Counter = { count(args: { where: object; take?: number }): Promise<number> };

/** Models of global reference data, of a fixed size (ports, airports ...): counted whole, never capped. */
const countedWhole = new Set<string>();

/** Whether a model's lists count every matching row (global reference data) rather than up to COUNT_CAP. */
export const isCountedWhole = (model: string): boolean => countedWhole.has(model);

/** Marks a model as global reference data: its lists count every matching row (docs/limits.md, "Counts"). */
export function countWhole(model: string): void {
  countedWhole.add(model);
}

/** The list's count from `found`, the rows counted (at most COUNT_CAP + 1 unless the model is counted whole). */
export const cappedOf = (model: string, found: number): CappedCount =>
  !countedWhole.has(model) && found > COUNT_CAP ? { count: COUNT_CAP, exact: false } : { count: found, exact: true };

/**
 * Counts the rows of `model` matching `where`, reading at most COUNT_CAP + 1 of them: one
 * statement, `SELECT count(*) FROM (SELECT ... WHERE ... LIMIT COUNT_CAP + 1)`.
 */
export async function cappedCount(model: string, where: object): Promise<CappedCount> {
  return cappedOf(model, await modelDelegate<Counter>(model).count({ where, ...(countedWhole.has(model) ? {} : { take: COUNT_CAP + 1 }) }));
}
