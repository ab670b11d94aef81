import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo } from '../../testing/assertions.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure } from '../../testing/trpc-msw.ts';

function field(label: RegExp) {
  return screen.getByLabelText(label);
}

/** Fills in Grace Hopper's registration with `phone` (in the United States) and sends it. */
async function register(user: ReturnType<typeof renderApp>['user'], phone: string) {
  await user.type(await screen.findByLabelText(/First name/), 'Grace');
  await user.type(field(/Last name/), 'Hopper');
  await user.type(field(/Email address/), 'grace@example.com');
  await user.type(field(/Phone number/), phone);
  await user.type(field(/Date of birth/), '1990-05-06');
  await user.type(field(/^Password/), 'Secret#2026');
  await user.type(field(/^Confirm password/), 'Secret#2026');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('register page', () => {
  it('shows errors under a field only after it was touched', async () => {
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    await user.click(field(/First name/));
    await user.tab();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();
  });

  it('says the password rules up front, tied to the field, before any is broken', async () => {
    renderApp('/register');
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters, with a lowercase and an uppercase letter, a number and a special character.',
    );
  });

  it('lists every password rule that is not met, and checks the confirmation', async () => {
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText(/^Password/), 'abc');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(
      screen.getByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one number')).toBeInTheDocument();
    expect(
      screen.getByText('Password must contain at least one special character'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Password must contain at least one lowercase letter'),
    ).not.toBeInTheDocument();
    await user.type(field(/^Confirm password/), 'abd');
    await user.tab();
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('requires the terms to be accepted before calling the server', async () => {
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    expectLinkTo('Terms and Conditions', '/terms');
    expectLinkTo('Privacy Policy', '/privacy');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('You must accept the terms and conditions')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();
    expect(callsTo('auth.register')).toHaveLength(0);
  });

  it('registers with an E.164 phone number and goes to verify-email with a toast', async () => {
    // verify-email asks whether the development mailbox is on.
    mockProcedure('dev.mailbox', () => ({ messages: [] }));
    mockProcedure('auth.register', () => ({
      message: 'Registration successful. Please verify your email.',
      email: 'grace@example.com',
    }));
    const { user, router } = renderApp('/register');
    expect(await screen.findByLabelText('Country')).toHaveValue('US');
    await register(user, '555 123 4567');

    expect(
      await screen.findByText('Registration successful. Please verify your email.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(callsTo('auth.register')).toEqual([
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        phoneNumber: '+15551234567',
        dateOfBirth: '1990-05-06',
        password: 'Secret#2026',
        confirmPassword: 'Secret#2026',
        acceptTerms: true,
      },
    ]);
  });

  it('composes the calling code of another country', async () => {
    const { user } = renderApp('/register');
    await user.selectOptions(await screen.findByLabelText('Country'), 'GB');
    await user.type(field(/Phone number/), '7700900123');
    await user.tab();
    expect(screen.queryByText('Invalid phone number')).not.toBeInTheDocument();
    expect(screen.getByText('+44')).toBeInTheDocument();
    // The closed picker shows the code alone (its option's whole name was cut on a phone).
    const picker = screen.getByLabelText('Country');
    expect(picker.parentElement?.parentElement).toHaveTextContent(/^GB/);
  });

  it('shows the server error above the form', async () => {
    mockProcedure(
      'auth.register',
      failing('BAD_REQUEST', 'Validation error', {
        details: [
          { field: 'email', message: 'Invalid email' },
          { field: 'phoneNumber', message: 'Invalid phone number' },
        ],
      }),
    );
    const { user } = renderApp('/register');
    await register(user, '5551234567');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Invalid email. Invalid phone number')).toBeInTheDocument();
  });
});
