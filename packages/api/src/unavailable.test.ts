import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { DependencyUnavailable, isDependencyUnavailable } from './unavailable.ts';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('isDependencyUnavailable', () => {
  it.each([
    'CONNECTION_CLOSED',
    'CONNECT_TIMEOUT',
    'ECONNREFUSED',
    '08006',
    '57P01',
    '57P03',
    '53300',
    '57014',
  ])('is true for %s, also wrapped (drizzle, tRPC)', (code) => {
    expect(isDependencyUnavailable(withCode(code))).toBe(true);
    const drizzle = new Error('Failed query', { cause: withCode(code) });
    expect(
      isDependencyUnavailable(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: drizzle })),
    ).toBe(true);
  });

  it('is true for a DependencyUnavailable (Redis)', () => {
    expect(isDependencyUnavailable(new DependencyUnavailable('redis', new Error('x')))).toBe(true);
  });

  it.each([
    '23505',
    '40001',
    'P0001',
    'ENOENT',
    'INTERNAL_SERVER_ERROR',
  ])('is false for %s', (code) => {
    expect(isDependencyUnavailable(withCode(code))).toBe(false);
  });

  it('is false for a rule refusal and for things that are not errors', () => {
    expect(isDependencyUnavailable(new TRPCError({ code: 'BAD_REQUEST', message: 'no' }))).toBe(
      false,
    );
    expect(isDependencyUnavailable('ECONNREFUSED')).toBe(false);
  });
});
