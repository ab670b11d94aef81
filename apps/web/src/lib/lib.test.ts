import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { makeUser, signedInAs } from '../testing/fixtures.ts';
import { errorMessage } from './errors.ts';
import { formatDate, formatMoney } from './format.ts';
import { guardProtectedPage, safeRedirect, signedOut } from './session.ts';

function serverError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32600, data } });
}

describe('error messages (docs/product.md 7 and 8)', () => {
  it('joins validation details with ". "', () => {
    const error = serverError('Validation error', {
      code: 'BAD_REQUEST',
      httpStatus: 400,
      details: [
        { field: 'a', message: 'First name is required' },
        { field: 'b', message: 'Invalid email' },
      ],
    });
    expect(errorMessage(error, 'Registration failed')).toBe(
      'First name is required. Invalid email',
    );
  });

  it('uses the catalogue for 5xx and lost connections, the fallback when nothing is said', () => {
    expect(
      errorMessage(serverError('secret', { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 }), 'x'),
    ).toBe('An unexpected error occurred. Please try again later.');
    expect(errorMessage(TRPCClientError.from(new TypeError('Failed to fetch')), 'x')).toBe(
      'Network error. Please check your connection.',
    );
    expect(
      errorMessage(serverError('', { code: 'BAD_REQUEST', httpStatus: 400 }), 'Login failed'),
    ).toBe('Login failed');
    expect(errorMessage(new Error('odd'), 'Login failed')).toBe('Login failed');
  });
});

describe('guard order (docs/product.md 4)', () => {
  it('sends visitors to sign-in and remembers where they were going', () => {
    expect(guardProtectedPage(signedOut, '/transactions?page=2', '/transactions')).toEqual({
      to: '/login',
      redirect: '/transactions?page=2',
    });
  });

  it('checks the role first, then the e-mail, then the second factor', () => {
    const unverified = makeUser({ emailVerificationRequired: true, isEmailVerified: false });
    expect(guardProtectedPage(signedInAs(unverified), '/admin', '/admin')).toEqual({ to: '/' });
    expect(guardProtectedPage(signedInAs(unverified), '/', '/')).toEqual({ to: '/verify-email' });
    const pending = makeUser({ twoFactorEnabled: true, twoFactorRequired: true });
    expect(guardProtectedPage(signedInAs(pending), '/', '/')).toEqual({ to: '/2fa-verification' });
    const admin = makeUser({ role: 'admin' });
    expect(guardProtectedPage(signedInAs(admin), '/admin/users', '/admin/users')).toBeNull();
  });

  it('only follows same-site redirects', () => {
    expect(safeRedirect('/loans')).toBe('/loans');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });
});

describe('formatting', () => {
  it('formats USD and dates as MMM d, yyyy', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-20)).toBe('-$20.00');
    expect(formatDate(new Date(2026, 2, 7))).toBe('Mar 7, 2026');
  });
});
