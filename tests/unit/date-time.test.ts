// The DateTime scalar (graph/scalars.ts): what it accepts, how it reads offsets, what it
// answers (docs/index.md, Dates).
import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime } from '../../graph/scalars.ts';

const read = (v: unknown) => formatDateTime(parseDateTime(v));

describe('the DateTime scalar', () => {
  it('reads UTC date-times, with or without fractions', () => {
    expect(read('2025-03-01T12:00:00Z')).toBe('2025-03-01T12:00:00Z');
    expect(read('2025-03-01T12:00:00.783Z')).toBe('2025-03-01T12:00:00.783Z');
    expect(read('2025-03-01T12:00:00.5Z')).toBe('2025-03-01T12:00:00.500Z');
  });

  it('converts other offsets to UTC', () => {
    expect(read('2025-03-01T09:00:00-03:00')).toBe('2025-03-01T12:00:00Z');
    expect(read('2025-03-01T12:00:00+03:00')).toBe('2025-03-01T09:00:00Z');
    expect(read('2025-01-01T01:30:00+02:00')).toBe('2024-12-31T23:30:00Z');
  });

  it('refuses a date-time without an offset, without seconds, and a bare date', () => {
    for (const v of ['2025-03-01T12:00:00', '2025-03-01T12:00Z', '2025-03-01', '2025-03-01T12:00:00+0300']) {
      expect(() => parseDateTime(v), v).toThrow('must be an ISO 8601 date-time such as "2025-03-01T12:00:00Z"');
    }
  });

  it('refuses years the database cannot hold, before or after the offset is applied', () => {
    for (const v of ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00+01:00', '9999-12-31T23:00:00-02:00']) {
      expect(() => parseDateTime(v), v).toThrow('must be a valid ISO 8601 date-time');
    }
    expect(read('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00Z');
  });

  it('keeps milliseconds and drops finer fractions', () => {
    expect(read('2025-03-01T12:00:00.123456789Z')).toBe('2025-03-01T12:00:00.123Z');
  });

  it('accepts February 29 of a leap year only', () => {
    expect(read('2024-02-29T00:00:00Z')).toBe('2024-02-29T00:00:00Z');
    expect(() => parseDateTime('2025-02-29T00:00:00Z')).toThrow('must be a valid ISO 8601 date-time');
  });

  it('refuses days that do not exist instead of rolling them into the next month', () => {
    for (const v of ['2025-02-30T00:00:00Z', '2025-04-31T10:00:00Z', '2025-13-01T00:00:00Z', '2025-00-10T00:00:00Z', '2025-03-00T00:00:00Z']) {
      expect(() => parseDateTime(v), v).toThrow('must be a valid ISO 8601 date-time');
    }
  });

  it('refuses times out of range', () => {
    for (const v of ['2025-03-01T25:00:00Z', '2025-03-01T12:60:00Z', '2025-03-01T12:00:61Z', '2025-03-01T12:00:00+24:00']) {
      expect(() => parseDateTime(v), v).toThrow('must be a valid ISO 8601 date-time');
    }
  });

  it('refuses other forms and non-strings', () => {
    for (const v of ['2025-03-01 12:00:00Z', '20250301', '01/03/2025', '2025-3-1', ' 2025-03-01', '2025-03-01T12Z',
      'yesterday', '', 1740830400000, null, new Date()]) {
      expect(() => parseDateTime(v), String(v)).toThrow('must be an ISO 8601 date-time such as "2025-03-01T12:00:00Z"');
    }
  });

  it('answers UTC with Z, without milliseconds when they are zero', () => {
    expect(formatDateTime(new Date(Date.UTC(2025, 2, 1, 12)))).toBe('2025-03-01T12:00:00Z');
    expect(formatDateTime(new Date(Date.UTC(2025, 2, 1, 12, 0, 0, 7)))).toBe('2025-03-01T12:00:00.007Z');
  });
});
