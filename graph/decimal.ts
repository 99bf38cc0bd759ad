// Decimal strings (docs/decisions/001-decimal-strings.md): what the API accepts, and exact
// arithmetic on them with big.js. Values stay strings in and out; every result is written
// with an explicit scale, so no float and no exponent ever reaches a value.
import Big from 'big.js';

// NOTE: a constructor of our own, so a setting changed on the shared `Big` elsewhere cannot
// alter these results; strict: it takes strings only (a JS number would be refused).
const Exact = Big();
Exact.strict = true;

/** big.js rounding mode 1: half away from zero. */
const HALF_AWAY_FROM_ZERO = 1;

/** What the `Decimal` scalar accepts: up to 20 integer digits, optionally up to 10 decimals. */
const ACCEPTED = /^-?\d{1,20}(\.\d{1,10})?$/;

/** What the arithmetic reads: any plain decimal string, unbounded (sums may grow past 20 digits). */
const PLAIN = /^-?\d+(\.\d+)?$/;

/** Whether `value` is a decimal string the API accepts (surrounding spaces allowed). */
export function isDecimal(value: string): boolean {
  return ACCEPTED.test(value.trim());
}

/** The number of digits after the point of a decimal string (its scale). */
export function scaleOf(value: string): number {
  return value.trim().split('.')[1]?.length ?? 0;
}

/** A decimal string read exactly; throws on anything else (exponents, commas, blanks). */
function read(value: string): Big {
  const v = value.trim();
  if (!PLAIN.test(v)) throw new Error(`not a decimal: ${value}`);
  return new Exact(v);
}

/** `value` with exactly `scale` decimals, rounded half away from zero; zero is never "-0". */
function write(value: Big, scale: number): string {
  const out = value.toFixed(scale, HALF_AWAY_FROM_ZERO);
  return /^-0(\.0+)?$/.test(out) ? out.slice(1) : out;
}

/** a + b, at the larger scale of the two. */
export function addDecimal(a: string, b: string): string {
  return write(read(a).plus(read(b)), Math.max(scaleOf(a), scaleOf(b)));
}

/** a - b, at the larger scale of the two. */
export function subDecimal(a: string, b: string): string {
  return write(read(a).minus(read(b)), Math.max(scaleOf(a), scaleOf(b)));
}

/** a x b, at the scale of `b` (an amount or a rate), rounded half away from zero. */
export function mulDecimal(a: string, b: string): string {
  return write(read(a).times(read(b)), scaleOf(b));
}

/** The sum of a list (null when it is empty). */
export function sumDecimals(values: string[]): string | null {
  return values.length ? values.reduce(addDecimal) : null;
}

/** Zero at the scale of `value` ("12.50" -> "0.00"). */
export function zeroLike(value: string): string {
  return write(read(value).times('0'), scaleOf(value));
}
