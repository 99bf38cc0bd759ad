// The published shapes of trade codes (docs/limits.md, "Codes with a shape"): a field or
// argument declared with `extensions.format` only takes text of that shape (surrounding spaces
// aside, letters in either case). A value of another shape cannot be a real code: it answers
// 400 before any work is done, as a malformed date does, and the OpenAPI description publishes
// the same pattern.

export interface TextFormat {
  /** What the code is, for descriptions. */
  label: string;
  /** The shape, as an ECMAScript (and JSON Schema) regular expression. */
  pattern: string;
  /** A code of that shape, for examples. */
  example: string;
}

export const textFormats = {
  unlocode: { label: 'UN/LOCODE: country code and 3 letters or digits 2-9', pattern: '^[A-Za-z]{2}[A-Za-z2-9]{3}$', example: 'BRSSZ' },
  airport: { label: 'IATA airport code (3 letters) or ICAO airport code (4 letters or digits)', pattern: '^([A-Za-z]{3}|[A-Za-z0-9]{4})$', example: 'GRU' },
  airline: { label: 'IATA airline designator (2 letters or digits) or ICAO airline designator (3 letters)', pattern: '^([A-Za-z0-9]{2}|[A-Za-z]{3})$', example: 'LA' },
  scac: { label: 'SCAC (Standard Carrier Alpha Code, 2 to 4 letters)', pattern: '^[A-Za-z]{2,4}$', example: 'MAEU' },
  mmsi: { label: 'MMSI (9 digits)', pattern: '^[0-9]{9}$', example: '710000001' },
  container: { label: 'ISO 6346 container code (owner code, category U, J or Z, 6-digit serial and check digit)', pattern: '^[A-Za-z]{3}[UJZujz][0-9]{7}$', example: 'MSCU1234565' },
  awb: { label: 'IATA air waybill number (3-digit airline prefix and 8-digit serial, dash optional)', pattern: '^[0-9]{3}-?[0-9]{8}$', example: '045-12345675' },
} as const satisfies Record<string, TextFormat>;

export type TextFormatName = keyof typeof textFormats;

const compiled = new Map<TextFormat, RegExp>(Object.values(textFormats).map((f) => [f, new RegExp(f.pattern)]));

/** The format a field or argument declares in `extensions.format`, if any. */
export function formatOf(field: { extensions?: unknown }): TextFormat | undefined {
  const name = (field.extensions as { format?: unknown } | undefined)?.format;
  return typeof name === 'string' ? (textFormats as Record<string, TextFormat>)[name] : undefined;
}

/** Whether `text` (spaces around it aside) has the shape of format `f`. */
export function matchesFormat(f: TextFormat, text: string): boolean {
  return (compiled.get(f) ?? new RegExp(f.pattern)).test(text.trim());
}
