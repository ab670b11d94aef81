import { describe, expect, it } from 'vitest';
import { formatUsd, toCents, toDollars } from './cents.ts';

describe('cents', () => {
  it('converts dollars with two decimals exactly', () => {
    expect(toCents(0.1)).toBe(10n);
    expect(toCents(0.29)).toBe(29n);
    expect(toCents(19.99)).toBe(1999n);
    expect(toCents(1234567.89)).toBe(123456789n);
    expect(toDollars(123456789n)).toBe(1234567.89);
    expect(formatUsd(-1999n)).toBe('-$19.99');
  });

  it('refuses fractions of a cent', () => {
    expect(() => toCents(0.001)).toThrow(RangeError);
    expect(() => toCents(1.005)).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });
});
