// Exact arithmetic on decimal strings (amounts are never floats): scaled BigInts.

interface Scaled {
  units: bigint;
  scale: number;
}

function parse(value: string): Scaled {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal: ${value}`);
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2]}${frac}`);
  return { units: m[1] ? -units : units, scale: frac.length };
}

function rescale(a: Scaled, scale: number): bigint {
  return a.units * 10n ** BigInt(scale - a.scale);
}

function format({ units, scale }: Scaled): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const out = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return neg ? `-${out}` : out;
}

/** a + b, at the larger scale of the two. */
export function addDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return format({ units: rescale(x, scale) + rescale(y, scale), scale });
}

/** a - b, at the larger scale of the two. */
export function subDecimal(a: string, b: string): string {
  return addDecimal(a, format({ units: -parse(b).units, scale: parse(b).scale }));
}

/** a x b, at the scale of `b` (an amount or a rate), rounded half away from zero. */
export function mulDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const units = x.units * y.units;
  if (x.scale === 0) return format({ units, scale: y.scale });
  const div = 10n ** BigInt(x.scale);
  const half = div / 2n;
  const rounded = units >= 0n ? (units + half) / div : -((-units + half) / div);
  return format({ units: rounded, scale: y.scale });
}

/** The sum of a list (null when it is empty). */
export function sumDecimals(values: string[]): string | null {
  return values.length ? values.reduce(addDecimal) : null;
}
