import { describe, expect, it } from 'vitest';
import { isValidRoutingNumber, routingNumberField } from './routing-number.ts';

const message = (input: unknown) => {
  const result = routingNumberField.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('ABA routing numbers', () => {
  it('accepts numbers whose check digit is right', () => {
    for (const number of ['021000021', '011000015', '121000358', '026009593', '121098768'])
      expect(isValidRoutingNumber(number), number).toBe(true);
  });

  it('refuses any one mistyped digit', () => {
    const valid = '021000021';
    for (let position = 0; position < 9; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        const typed = `${valid.slice(0, position)}${digit}${valid.slice(position + 1)}`;
        if (typed !== valid) expect(isValidRoutingNumber(typed), typed).toBe(false);
      }
    }
  });

  it('refuses what is not nine digits', () => {
    for (const number of ['02100002', '0210000210', '02100002a', ' 021000021x', '', '12345678 '])
      expect(isValidRoutingNumber(number), number).toBe(false);
  });

  it("answers the form's messages", () => {
    expect(message('021000021')).toBeNull();
    expect(message(' 021000021 ')).toBeNull();
    expect(message('021000022')).toBe('Invalid routing number');
    expect(message('123')).toBe('Invalid routing number');
    expect(message('')).toBe('Routing number is required');
    expect(message(undefined)).toBe('Routing number is required');
  });
});
