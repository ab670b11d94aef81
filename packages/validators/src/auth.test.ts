import { describe, expect, it } from 'vitest';
import { adultBirthDateLimit, registerInput } from './auth.ts';

const valid = {
  firstName: 'Ada',
  lastName: 'Young',
  email: 'ada@example.com',
  phoneNumber: '+12025550123',
  password: 'Str0ng#Passw0rd',
  confirmPassword: 'Str0ng#Passw0rd',
  acceptTerms: true,
} as const;

function yearsAgo(years: number, from = new Date()): string {
  const day = new Date(from);
  day.setUTCFullYear(day.getUTCFullYear() - years);
  return day.toISOString().slice(0, 10);
}

describe('date of birth (the terms: 18 and over)', () => {
  it('refuses a registration born two years ago', () => {
    const result = registerInput.safeParse({ ...valid, dateOfBirth: yearsAgo(2) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      'You must be at least 18 years old',
    );
  });

  it('accepts someone who turns 18 today, and not the day after', () => {
    const today = new Date('2026-11-25T10:00:00Z');
    expect(adultBirthDateLimit(today)).toBe('2008-11-25');
    expect(registerInput.safeParse({ ...valid, dateOfBirth: yearsAgo(18) }).success).toBe(true);
    expect(registerInput.safeParse({ ...valid, dateOfBirth: yearsAgo(30) }).success).toBe(true);
  });

  it('someone born on 29 February 2008 comes of age on 1 March 2026', () => {
    expect(adultBirthDateLimit(new Date('2026-02-28T12:00:00Z'))).toBe('2008-02-28');
    expect(adultBirthDateLimit(new Date('2026-03-01T12:00:00Z'))).toBe('2008-03-01');
  });
});
