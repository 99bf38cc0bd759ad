// graph/decimal.ts: the form the Decimal scalar accepts, and exact arithmetic on decimal
// strings (docs/decisions/001-decimal-strings.md).
import { describe, expect, it } from 'vitest';
import { addDecimal, isDecimal, mulDecimal, scaleOf, subDecimal, sumDecimals, zeroLike } from '../../graph/decimal.ts';
import { parseDecimal } from '../../graph/scalars.ts';

describe('the accepted decimal form', () => {
  it('accepts a sign, 1 to 20 integer digits and up to 10 decimals, around spaces', () => {
    for (const v of ['0', '-0', '12', '-12.5', '1234.5600', ' 7.25 ', '99999999999999999999.9999999999']) {
      expect(isDecimal(v), v).toBe(true);
    }
  });

  it('refuses exponents, commas, signs without digits, bare points and values past the 20.10 bound', () => {
    for (const v of ['', ' ', '-', '+1', '1e3', '1E-2', '1,5', '1.', '.5', '1.2.3', '0x10', 'NaN', 'Infinity',
      '123456789012345678901', '1.12345678901', '1 000']) {
      expect(isDecimal(v), v).toBe(false);
    }
  });

  it('keeps the text as sent through the scalar, trimmed, and refuses JSON numbers', () => {
    expect(parseDecimal('1234.5600')).toBe('1234.5600');
    expect(parseDecimal(' 12.0 ')).toBe('12.0');
    expect(() => parseDecimal(18.5)).toThrow('must be a decimal string');
    expect(() => parseDecimal(null)).toThrow('must be a decimal string');
    expect(() => parseDecimal('1e3')).toThrow('must be a decimal string');
  });

  it('reads the scale as the number of digits after the point', () => {
    expect(scaleOf('12')).toBe(0);
    expect(scaleOf('12.50')).toBe(2);
    expect(scaleOf('-0.0001')).toBe(4);
    expect(scaleOf(' 1.000 ')).toBe(3);
  });
});

describe('decimal arithmetic', () => {
  it('adds and subtracts exactly at the larger scale of the operands', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(addDecimal('1.50', '2.005')).toBe('3.505');
    expect(addDecimal('1200.0000', '-800')).toBe('400.0000');
    expect(subDecimal('1200.0000', '800.0000')).toBe('400.0000');
    expect(subDecimal('1', '1.000')).toBe('0.000');
    expect(subDecimal('5', '7.25')).toBe('-2.25');
  });

  it('stays exact beyond what a float holds, and never answers in exponent form', () => {
    const big = '99999999999999999999.9999999999';
    expect(addDecimal(big, big)).toBe('199999999999999999999.9999999998');
    expect(subDecimal('0.0000000001', '0.0000000003')).toBe('-0.0000000002');
    expect(addDecimal('10000000000000000000000', '1')).toBe('10000000000000000000001');
  });

  it('multiplies at the scale of the second operand, rounding half away from zero', () => {
    expect(mulDecimal('3', '12.50')).toBe('37.50');
    expect(mulDecimal('1.5', '2.00')).toBe('3.00');
    expect(mulDecimal('1.5', '0.03')).toBe('0.05');
    expect(mulDecimal('-1.5', '0.03')).toBe('-0.05');
    expect(mulDecimal('1.4', '0.03')).toBe('0.04');
    expect(mulDecimal('0', '150.00')).toBe('0.00');
  });

  it('writes a zero result without a minus sign', () => {
    expect(mulDecimal('-0.001', '1.00')).toBe('0.00');
    expect(subDecimal('-2.50', '-2.5')).toBe('0.00');
    expect(addDecimal('-0', '0.0')).toBe('0.0');
    expect(zeroLike('-12.500')).toBe('0.000');
    expect(zeroLike('7')).toBe('0');
  });

  it('sums a list at its largest scale, and answers null for an empty one', () => {
    expect(sumDecimals(['1.5', '2.25', '-0.75'])).toBe('3.00');
    expect(sumDecimals(['4'])).toBe('4');
    expect(sumDecimals([])).toBeNull();
  });

  it('refuses operands that are not plain decimal strings', () => {
    expect(() => addDecimal('1e3', '1')).toThrow('not a decimal: 1e3');
    expect(() => subDecimal('1', '1,5')).toThrow('not a decimal: 1,5');
    expect(() => mulDecimal('', '1.0')).toThrow('not a decimal');
  });
});
