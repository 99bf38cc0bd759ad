import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { builder } from './builder.ts';
import { isDecimal } from './decimal.ts';

/** RFC 3339 date-time: date, `T`, time with seconds, optional fraction, and an offset (docs/index.md, Dates). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/;

/** Parses a decimal string strictly; the text is kept as sent so its scale survives. */
export function parseDecimal(value: unknown): string {
  if (typeof value !== 'string' || !isDecimal(value)) {
    throw new GraphQLError('must be a decimal string such as "1234.5600"');
  }
  return value.trim();
}

/**
 * Parses a date-time strictly (docs/index.md, Dates): an offset is required, and a day, time or
 * offset that does not exist is refused rather than rolled over (2025-02-30 is not 2 March).
 */
export function parseDateTime(value: unknown): Date {
  const m = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  if (!m) throw new GraphQLError('must be an ISO 8601 date-time such as "2025-03-01T12:00:00Z"');
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const offsetOk = m[8] === 'Z' || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
  const date = new Date(value as string);
  const utcYear = date.getUTCFullYear();
  if (!isCalendarDay(year, month, day) || hour > 23 || minute > 59 || second > 59 || !offsetOk || !(utcYear >= 1 && utcYear <= 9999)) {
    throw new GraphQLError('must be a valid ISO 8601 date-time');
  }
  return date;
}

/** Whether the day exists in its month (the engine would roll 2025-02-30 over to March). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= lastDay.getUTCDate();
}

/** Formats a date as ISO 8601 UTC, without milliseconds when they are zero. */
export function formatDateTime(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}

/** A text `formatDateTime` writes: UTC, whole seconds without a fraction, else milliseconds. */
const WRITTEN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.(?!000)\d{3})?Z$/;

function literal(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]));
    default:
      throw new GraphQLError('variables are not supported inside JSON literals');
  }
}

builder.scalarType('Decimal', {
  description: 'A decimal number as a string, e.g. "1234.5600". Sent and returned exactly as written (scale kept), never a float.',
  serialize: (v) => String(v),
  parseValue: parseDecimal,
  parseLiteral: (ast) => parseDecimal(ast.kind === Kind.STRING ? ast.value : undefined),
});

builder.scalarType('DateTime', {
  description: 'An ISO 8601 date-time in UTC, e.g. "2025-03-01T12:00:00Z".',
  // A text already written this way (an assembled page's, docs/decisions/019-assembled-pages.md) is answered as it is.
  serialize: (v) => (typeof v === 'string' && WRITTEN.test(v) ? v : formatDateTime(v instanceof Date ? v : new Date(String(v)))),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});

function parseObject(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new GraphQLError('must be a JSON object');
  }
  return value as Record<string, unknown>;
}

builder.scalarType('JSONObject', {
  description: 'A free-form JSON object.',
  serialize: (v) => v,
  parseValue: parseObject,
  parseLiteral: (ast) => parseObject(literal(ast)),
});
