import { sessions, users, userTokens } from '@bank/db/schema';
import { messages } from '@bank/validators/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { Batcher } from '../batching.ts';
import { auditEntries } from '../testing/audit.ts';
import { createFileTestApp, rejectionOf, testPassword, uniqueEmail } from '../testing/harness.ts';
import { createSession, SESSION_CACHE_MS } from './sessions.ts';

const app = await createFileTestApp();

describe('registration', () => {
  it('answers docs/product.md messages for every invalid field', async () => {
    const visitor = await app.caller();
    const error = await rejectionOf(
      visitor.auth.register({
        firstName: '',
        lastName: '',
        email: 'not-an-email',
        phoneNumber: '0123',
        dateOfBirth: '2999-01-01',
        password: 'short',
        confirmPassword: 'different',
        // @ts-expect-error: the form must send true
        acceptTerms: false,
      }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    const byField = Object.fromEntries((error.details ?? []).map((d) => [d.field, d.message]));
    expect(byField).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email',
      phoneNumber: 'Invalid phone number',
      dateOfBirth: 'Date of birth cannot be in the future',
      acceptTerms: 'You must accept the terms and conditions',
    });
    const passwordMessages = (error.details ?? [])
      .filter((d) => d.field === 'password')
      .map((d) => d.message);
    expect(passwordMessages).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });

  it('refuses a customer under 18 (the terms), here born two years ago', async () => {
    const visitor = await app.caller();
    const born = new Date();
    born.setUTCFullYear(born.getUTCFullYear() - 2);
    const error = await rejectionOf(
      visitor.auth.register({
        firstName: 'Young',
        lastName: 'Customer',
        email: uniqueEmail(),
        phoneNumber: '+12025550123',
        dateOfBirth: born.toISOString().slice(0, 10),
        password: testPassword,
        confirmPassword: testPassword,
        acceptTerms: true,
      }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.details).toEqual([
      { field: 'dateOfBirth', message: 'You must be at least 18 years old' },
    ]);
  });

  it('says which field is required and that passwords must match', async () => {
    const visitor = await app.caller();
    const missing = await rejectionOf(
      // @ts-expect-error: nothing sent at all
      visitor.auth.register({}),
    );
    const required = (missing.details ?? []).map((d) => d.message);
    expect(required).toEqual(
      expect.arrayContaining([
        'First name is required',
        'Last name is required',
        'Email is required',
        'Phone number is required',
        'Date of birth is required',
        'Password is required',
        'Confirm password is required',
      ]),
    );
    const mismatch = await rejectionOf(
      visitor.auth.register({
        firstName: 'A',
        lastName: 'B',
        email: uniqueEmail(),
        phoneNumber: '+15551234567',
        dateOfBirth: '1990-01-01',
        password: testPassword,
        confirmPassword: `${testPassword}x`,
        acceptTerms: true,
      }),
    );
    expect(mismatch.details).toEqual([
      { field: 'confirmPassword', message: 'Passwords must match' },
    ]);
  });

  it('does not sign in before the e-mail is verified, then does', async () => {
    const email = await app.registerUser();
    const before = await rejectionOf(app.signIn(email));
    expect(before).toMatchObject({
      code: 'FORBIDDEN',
      message: messages.emailNotVerified,
      reason: 'EMAIL_NOT_VERIFIED',
    });
    const token = await app.tokenFromMail(email, '/verify-email');
    await expect((await app.caller()).auth.verifyEmail({ token })).resolves.toEqual({
      message: 'Email verified successfully',
    });
    const session = await app.signIn(email);
    expect(session.user.email).toBe(email);
    expect(session.twoFactorRequired).toBe(false);
  });

  it('uses a verification token once', async () => {
    const email = await app.registerUser();
    const token = await app.tokenFromMail(email, '/verify-email');
    const visitor = await app.caller();
    await visitor.auth.verifyEmail({ token });
    const again = await rejectionOf(visitor.auth.verifyEmail({ token }));
    expect(again).toMatchObject({ code: 'BAD_REQUEST', message: messages.invalidOrExpiredToken });
  });

  it('refuses an expired verification token', async () => {
    const email = await app.registerUser();
    const token = await app.tokenFromMail(email, '/verify-email');
    const [user] = await app.db.select().from(users).where(eq(users.email, email));
    await app.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user?.id ?? ''));
    const error = await rejectionOf((await app.caller()).auth.verifyEmail({ token }));
    expect(error.message).toBe(messages.invalidOrExpiredToken);
  });

  it('resends the verification e-mail, and the newest link replaces the old one', async () => {
    const email = await app.registerUser();
    const first = await app.tokenFromMail(email, '/verify-email');
    const visitor = await app.caller(null, { ip: '198.51.100.20' });
    await expect(visitor.auth.resendVerification({ email })).resolves.toEqual({
      message: 'Verification email resent!',
    });
    const second = await app.tokenFromMail(email, '/verify-email');
    expect(second).not.toBe(first);
    expect((await rejectionOf(visitor.auth.verifyEmail({ token: first }))).code).toBe(
      'BAD_REQUEST',
    );
    await visitor.auth.verifyEmail({ token: second });
  });

  it('answers a second registration of an address like the first and warns its owner', async () => {
    const { email } = await app.registerVerified();
    const visitor = await app.caller(null, { ip: '198.51.100.30' });
    const result = await visitor.auth.register({
      firstName: 'Eve',
      lastName: 'Intruder',
      email,
      phoneNumber: '+15551234567',
      dateOfBirth: '1990-01-01',
      password: testPassword,
      confirmPassword: testPassword,
      acceptTerms: true,
    });
    expect(result.message).toBe('Registration successful. Please verify your email.');
    const rows = await app.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    const inbox = await app.mailbox(email);
    expect(inbox[0]?.subject).toBe(
      'Security alert: Someone tried to register with your email address',
    );
  });
});

describe('sign-in and sessions', () => {
  it('answers the same message for a wrong password and an unknown account, and audits both', async () => {
    const { email, id } = await app.registerVerified();
    const visitor = await app.caller(null, { ip: '192.0.2.50', userAgent: 'TestAgent/1' });
    const wrong = await rejectionOf(visitor.auth.login({ email, password: 'Wrong!Passw0rd' }));
    const unknown = await rejectionOf(
      visitor.auth.login({ email: uniqueEmail('ghost'), password: 'Wrong!Passw0rd' }),
    );
    expect(wrong).toMatchObject({ code: 'UNAUTHORIZED', message: messages.invalidCredentials });
    expect(unknown).toMatchObject({ code: 'UNAUTHORIZED', message: messages.invalidCredentials });
    const failures = await auditEntries(app.db, 'auth.login.failure', id);
    expect(failures[0]).toMatchObject({ ip: '192.0.2.50', userAgent: 'TestAgent/1' });
  });

  it('records a successful sign-in with address and user agent', async () => {
    const { email, id } = await app.registerVerified();
    await (await app.caller(null, { ip: '192.0.2.51', userAgent: 'Browser/2' })).auth.login({
      email,
      password: testPassword,
    });
    const [row] = await auditEntries(app.db, 'auth.login.success', id);
    expect(row).toMatchObject({ ip: '192.0.2.51', userAgent: 'Browser/2' });
  });

  it('limits failed sign-ins per account and address with 429, not the owner elsewhere', async () => {
    const { email } = await app.registerVerified();
    const attacker = await app.caller(null, { ip: '192.0.2.100' });
    for (let i = 0; i < 5; i += 1) {
      await rejectionOf(attacker.auth.login({ email, password: 'Wrong!Passw0rd' }));
    }
    const limited = await rejectionOf(attacker.auth.login({ email, password: testPassword }));
    expect(limited).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests });
    const owner = await app.caller(null, { ip: '192.0.2.200' });
    const signedIn = await owner.auth.login({ email, password: testPassword });
    expect(signedIn.user.email).toBe(email);
  });

  it('limits failed sign-ins per address with 429', async () => {
    const visitor = await app.caller(null, { ip: '192.0.2.250' });
    for (let i = 0; i < 20; i += 1) {
      await rejectionOf(
        visitor.auth.login({ email: uniqueEmail('spray'), password: 'Wrong!Passw0rd' }),
      );
    }
    const { email } = await app.registerVerified();
    const limited = await rejectionOf(visitor.auth.login({ email, password: testPassword }));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
  });

  it('sets a persistent cookie only with Remember me, and me answers the user', async () => {
    const { email } = await app.registerVerified();
    const visitor = await app.caller();
    await visitor.auth.login({ email, password: testPassword, rememberMe: true });
    expect(visitor.cookies.persistent).toBe(true);
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, visitor.cookies.token?.split('.')[0] ?? ''));
    expect(row?.persistent).toBe(true);
    const shortLived = await app.signIn(email);
    const me = await (await app.caller(shortLived.token)).auth.me();
    expect(me.user?.email).toBe(email);
    expect(me.twoFactorRequired).toBe(false);
    expect(JSON.stringify(me)).not.toContain('passwordHash');
  });

  it('stores only a hash of the session secret', async () => {
    const { email } = await app.registerVerified();
    const { token } = await app.signIn(email);
    const [id, secret] = token.split('.');
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, id ?? ''));
    expect(row).toBeDefined();
    expect(row?.secretHash.toString('hex')).not.toContain(
      Buffer.from(secret ?? '').toString('hex'),
    );
    const forged = await app.caller(`${id}.${'a'.repeat(32)}`);
    expect((await forged.auth.me()).user).toBeNull();
  });

  it('ends the session on sign-out', async () => {
    const { email } = await app.registerVerified();
    const { token } = await app.signIn(email);
    const signedIn = await app.caller(token);
    await signedIn.auth.logout();
    expect(signedIn.cookies.token).toBeNull();
    const after = await app.caller(token);
    expect((await after.auth.me()).user).toBeNull();
    expect(
      (
        await rejectionOf(
          after.auth.updateProfile({ firstName: 'X', lastName: 'Y', phoneNumber: '+15551234567' }),
        )
      ).code,
    ).toBe('UNAUTHORIZED');
  });

  it('ends an expired session', async () => {
    const { email } = await app.registerVerified();
    const { token } = await app.signIn(email);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.id, token.split('.')[0] ?? ''));
    expect((await (await app.caller(token)).auth.me()).user).toBeNull();
  });

  it('slides a session that is past half its lifetime', async () => {
    const { email } = await app.registerVerified();
    const { token } = await app.signIn(email, testPassword, true);
    const id = token.split('.')[0] ?? '';
    const soon = new Date(Date.now() + 60_000);
    await app.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, id));
    await app.caller(token);
    const [row] = await app.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60_000);
  });
});

describe('forgotten password', () => {
  it('answers the same for unknown and known addresses and mails only the known one', async () => {
    const { email } = await app.registerVerified();
    const unknown = uniqueEmail('nobody');
    const visitor = await app.caller(null, { ip: '198.51.100.40' });
    const a = await visitor.auth.forgotPassword({ email: unknown });
    const b = await visitor.auth.forgotPassword({ email });
    expect(a).toEqual(b);
    expect(a.message).toBe(messages.forgotPasswordSent);
    expect(await app.mailbox(unknown)).toHaveLength(0);
    expect((await app.mailbox(email))[0]?.subject).toBe('Reset your password');
  });

  it('resets with a single-use token and ends every session', async () => {
    const { email } = await app.registerVerified();
    const { token: sessionToken } = await app.signIn(email);
    await (await app.caller(null, { ip: '198.51.100.41' })).auth.forgotPassword({ email });
    const token = await app.tokenFromMail(email, '/reset-password');
    const visitor = await app.caller();
    const newPassword = 'N3w!Password';
    await expect(visitor.auth.resetPassword({ token, password: newPassword })).resolves.toEqual({
      message: 'Password reset successful',
    });
    expect((await (await app.caller(sessionToken)).auth.me()).user).toBeNull();
    expect((await rejectionOf(app.signIn(email))).code).toBe('UNAUTHORIZED');
    await expect(app.signIn(email, newPassword)).resolves.toMatchObject({
      twoFactorRequired: false,
    });
    const reused = await rejectionOf(
      visitor.auth.resetPassword({ token, password: 'An0ther!Pass' }),
    );
    expect(reused.message).toBe(messages.invalidOrExpiredToken);
  });

  it('refuses an expired reset token and a weak password', async () => {
    const { email, id } = await app.registerVerified();
    await (await app.caller(null, { ip: '198.51.100.42' })).auth.forgotPassword({ email });
    const token = await app.tokenFromMail(email, '/reset-password');
    const weak = await rejectionOf(
      (await app.caller()).auth.resetPassword({ token, password: 'alllowercase1!' }),
    );
    expect(weak.details).toEqual([
      { field: 'password', message: 'Password must contain at least one uppercase letter' },
    ]);
    await app.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(userTokens.userId, id));
    const expired = await rejectionOf(
      (await app.caller()).auth.resetPassword({ token, password: 'N3w!Password' }),
    );
    expect(expired.message).toBe(messages.invalidOrExpiredToken);
  });
});

describe('profile, password change and preferences', () => {
  it('updates the profile with its address', async () => {
    const { email } = await app.registerVerified();
    const { token } = await app.signIn(email);
    const address = {
      street: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'US',
    };
    const user = await (await app.caller(token)).auth.updateProfile({
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: '+442071234567',
      address,
    });
    expect(user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email, address });
    const invalid = await rejectionOf(
      (await app.caller(token)).auth.updateProfile({
        firstName: '',
        lastName: 'H',
        phoneNumber: 'abc',
      }),
    );
    expect(invalid.details).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'phoneNumber', message: 'Invalid phone number' },
    ]);
  });

  it('changes the password, refusing a wrong current one, and ends the other sessions', async () => {
    const { email } = await app.registerVerified();
    const { token: current } = await app.signIn(email);
    const { token: other } = await app.signIn(email);
    const caller = await app.caller(current);
    const wrong = await rejectionOf(
      caller.auth.changePassword({ currentPassword: 'Nope!Nope1', newPassword: 'N3w!Password' }),
    );
    expect(wrong.message).toBe(messages.wrongCurrentPassword);
    const required = await rejectionOf(
      caller.auth.changePassword({ currentPassword: '', newPassword: '' }),
    );
    expect(required.details).toEqual([
      { field: 'currentPassword', message: 'Current password is required' },
      { field: 'newPassword', message: 'New password is required' },
    ]);
    await expect(
      caller.auth.changePassword({ currentPassword: testPassword, newPassword: 'N3w!Password' }),
    ).resolves.toEqual({
      message: 'Password changed successfully',
    });
    expect((await (await app.caller(current)).auth.me()).user?.email).toBe(email);
    expect((await (await app.caller(other)).auth.me()).user).toBeNull();
  });

  it('persists notification preferences and honours the security-alert choice', async () => {
    const { email } = await app.registerVerified();
    const { token } = await app.signIn(email);
    const user = await (await app.caller(token)).auth.updateNotificationPreferences({
      transactionNotifications: false,
      securityAlerts: false,
      marketingCommunications: true,
    });
    expect(user.notificationPreferences).toEqual({
      transactionNotifications: false,
      securityAlerts: false,
      marketingCommunications: true,
      // Left out by this call: the stored choice (on by default) is kept.
      supportReplies: true,
    });
    const before = (await app.mailbox(email)).length;
    await app.signIn(email);
    expect(await app.mailbox(email)).toHaveLength(before);
    await (await app.caller(token)).auth.updateNotificationPreferences({
      transactionNotifications: true,
      securityAlerts: true,
      marketingCommunications: false,
    });
    await app.signIn(email);
    const inbox = await app.mailbox(email);
    expect(inbox).toHaveLength(before + 1);
    expect(inbox[0]?.subject).toBe('Security alert: New sign-in to your account');
    // From the footprint and page-speed review: a date for people ('Nov 23, 2026, 1:43 PM UTC'), not an ISO timestamp.
    expect(inbox[0]?.text).toMatch(/When: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\./);
    expect(inbox[0]?.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});

describe('two-factor authentication', () => {
  async function enable(email: string, id: string) {
    const { token } = await app.signIn(email);
    const caller = await app.caller(token);
    const setup = await caller.auth.setup2fa();
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await rejectionOf(caller.auth.enable2fa({ code: '000000' }));
    expect(wrong.message).toBe(messages.invalidTwoFactorCode);
    const { recoveryCodes, user } = await caller.auth.enable2fa({
      code: await app.currentTotp(id),
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(user.twoFactorEnabled).toBe(true);
    return { token, recoveryCodes };
  }

  it('keeps a new sign-in half-open until the code, and accepts a code once', async () => {
    const { email, id } = await app.registerVerified();
    await enable(email, id);
    const signIn = await app.signIn(email);
    expect(signIn.twoFactorRequired).toBe(true);
    const half = await app.caller(signIn.token);
    expect((await half.auth.me()).twoFactorRequired).toBe(true);
    const blocked = await rejectionOf(
      half.auth.updateProfile({ firstName: 'A', lastName: 'B', phoneNumber: '+15551234567' }),
    );
    expect(blocked).toMatchObject({ code: 'FORBIDDEN', reason: 'TWO_FACTOR_REQUIRED' });
    const code = await app.currentTotp(id, 1);
    await expect(half.auth.verify2fa({ code })).resolves.toMatchObject({
      message: '2FA verification successful',
    });
    const full = await app.caller(signIn.token);
    expect((await full.auth.me()).twoFactorRequired).toBe(false);
    await full.auth.updateProfile({ firstName: 'A', lastName: 'B', phoneNumber: '+15551234567' });

    const second = await app.signIn(email);
    const replay = await rejectionOf((await app.caller(second.token)).auth.verify2fa({ code }));
    expect(replay.message).toBe(messages.invalidTwoFactorCode);
  });

  it('accepts each recovery code once', async () => {
    const { email, id } = await app.registerVerified();
    const { recoveryCodes } = await enable(email, id);
    const code = recoveryCodes[0] ?? '';
    const first = await app.signIn(email);
    await (await app.caller(first.token)).auth.verify2fa({ code: code.toUpperCase() });
    const second = await app.signIn(email);
    expect(
      (await rejectionOf((await app.caller(second.token)).auth.verify2fa({ code }))).message,
    ).toBe(messages.invalidTwoFactorCode);
  });

  it('limits wrong codes with 429', async () => {
    const { email, id } = await app.registerVerified();
    await enable(email, id);
    const { token } = await app.signIn(email);
    const half = await app.caller(token);
    for (let i = 0; i < 5; i += 1) await rejectionOf(half.auth.verify2fa({ code: '000000' }));
    const limited = await rejectionOf(half.auth.verify2fa({ code: await app.currentTotp(id, 1) }));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
  });

  it('disables only with a valid code', async () => {
    const { email, id } = await app.registerVerified();
    const { token } = await enable(email, id);
    const caller = await app.caller(token);
    expect((await rejectionOf(caller.auth.disable2fa({ code: '123456' }))).message).toBe(
      messages.invalidTwoFactorCode,
    );
    const result = await caller.auth.disable2fa({ code: await app.currentTotp(id, 1) });
    expect(result.user.twoFactorEnabled).toBe(false);
    expect((await app.signIn(email)).twoFactorRequired).toBe(false);
  });
});

describe('roles, blocking and maintenance', () => {
  async function makeAdmin() {
    const admin = await app.registerVerified();
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    return { ...admin, token: (await app.signIn(admin.email)).token };
  }

  it('refuses admin procedures to customers and anonymous visitors', async () => {
    const { email, id } = await app.registerVerified();
    const { token } = await app.signIn(email);
    const customer = await app.caller(token);
    expect((await rejectionOf(customer.admin.setUserBlocked({ id, blocked: true }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await rejectionOf(customer.admin.auditLog({ page: 1, limit: 10 }))).code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await rejectionOf((await app.caller()).admin.auditLog({ page: 1, limit: 10 }))).code,
    ).toBe('UNAUTHORIZED');
  });

  it('a block ends the sessions and stops sign-in; an unblock lets the user back', async () => {
    const admin = await makeAdmin();
    const target = await app.registerVerified();
    const { token } = await app.signIn(target.email);
    const adminCaller = await app.caller(admin.token);
    await expect(
      adminCaller.admin.setUserBlocked({ id: target.id, blocked: true }),
    ).resolves.toMatchObject({
      message: 'User blocked successfully',
    });
    expect((await (await app.caller(token)).auth.me()).user).toBeNull();
    const refused = await rejectionOf(app.signIn(target.email));
    expect(refused).toMatchObject({
      code: 'FORBIDDEN',
      message: messages.accountBlockedContact('support@horizonbank.example', '1-800-555-0199'),
    });
    await adminCaller.admin.setUserBlocked({ id: target.id, blocked: false });
    await expect(app.signIn(target.email)).resolves.toMatchObject({ twoFactorRequired: false });
    const log = await adminCaller.admin.auditLog({ page: 1, limit: 50 });
    expect(log.data.map((row) => row.event)).toEqual(
      expect.arrayContaining(['user.blocked', 'user.unblocked']),
    );
  });

  it('lets only administrators through during maintenance', async () => {
    const admin = await makeAdmin();
    const { email } = await app.registerVerified();
    const { token } = await app.signIn(email);
    const { bankSettings } = await import('@bank/db/schema');
    await app.db.update(bankSettings).set({ maintenanceMode: true });
    app.deps.settings.forget();
    try {
      const customer = await app.caller(token);
      const refused = await rejectionOf(
        customer.auth.updateProfile({ firstName: 'A', lastName: 'B', phoneNumber: '+15551234567' }),
      );
      expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: messages.maintenance });
      await expect(
        (await app.caller(admin.token)).admin.auditLog({ page: 1, limit: 1 }),
      ).resolves.toBeDefined();
    } finally {
      await app.db.update(bankSettings).set({ maintenanceMode: false });
      app.deps.settings.forget();
    }
  });
});

/** A new customer's session token, the clock (Date only) faked from `start` on. */
async function signedInOnFakeClock() {
  const user = await app.registerVerified();
  const { token } = await app.signIn(user.email);
  const start = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  return { token, start };
}

describe('the session cache of the money routes', () => {
  it('answers only callers that confirm the session where they act, and forgets an ended one', async () => {
    const user = await app.registerVerified();
    const { token } = await app.signIn(user.email);
    const first = await app.deps.sessions.validate(token, { cached: true });
    if (!first) throw new Error('no session');
    // Gone from the database without a word to this instance (as if ended elsewhere just now).
    await app.db.delete(sessions).where(eq(sessions.id, first.session.id));
    // A caller that does not confirm the session itself is never answered from memory.
    expect(await app.deps.sessions.validate(token)).toBeNull();
    // The money routes may be, for a few seconds: their write confirms it (ledger/desk.test.ts).
    expect(await app.deps.sessions.validate(token, { cached: true })).not.toBeNull();
    // Heard ending (the events channel), it is looked up again.
    app.deps.sessions.forget(first.session.id);
    expect(await app.deps.sessions.validate(token, { cached: true })).toBeNull();
  });

  it('looks a cached session up again before it runs out, and drops it if it ended', async () => {
    const { token, start } = await signedInOnFakeClock();
    try {
      const first = await app.deps.sessions.validate(token, { cached: true });
      if (!first) throw new Error('no session');
      await app.db.delete(sessions).where(eq(sessions.id, first.session.id));
      // In its last second the entry still answers, and is looked up again meanwhile.
      vi.setSystemTime(start + SESSION_CACHE_MS - 500);
      expect(await app.deps.sessions.validate(token, { cached: true })).not.toBeNull();
      await vi.waitFor(async () => {
        expect(await app.deps.sessions.validate(token, { cached: true })).toBeNull();
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps nothing a background lookup read of a session heard ending meanwhile', async () => {
    const { token, start } = await signedInOnFakeClock();
    try {
      const first = await app.deps.sessions.validate(token, { cached: true });
      if (!first) throw new Error('no session');
      vi.setSystemTime(start + SESSION_CACHE_MS - 500);
      // Starts the lookup (which still finds the row), then the session is heard ending.
      const lookups = vi.spyOn(Batcher.prototype, 'submit');
      expect(await app.deps.sessions.validate(token, { cached: true })).not.toBeNull();
      app.deps.sessions.forget(first.session.id);
      // The background lookup has come back (and been dropped).
      expect(lookups).toHaveBeenCalledTimes(1);
      await Promise.allSettled(lookups.mock.results.map((result) => result.value));
      lookups.mockRestore();
      await app.db.delete(sessions).where(eq(sessions.id, first.session.id));
      expect(await app.deps.sessions.validate(token, { cached: true })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never keeps a half-open session', async () => {
    const user = await app.registerVerified();
    await app.db
      .update(users)
      .set({ twoFactorSecret: 'JBSWY3DPEHPK3PXP' })
      .where(eq(users.id, user.id));
    // Signed in with the password only: the session owes its second factor.
    const { session, token } = await createSession(app.db, {
      userId: user.id,
      persistent: false,
      twoFactorVerified: false,
      ip: null,
      userAgent: null,
    });
    const halfOpen = await app.deps.sessions.validate(token, { cached: true });
    expect(halfOpen?.session.twoFactorVerified).toBe(false);
    // Its code verified, the next money call sees it at once.
    await app.db
      .update(sessions)
      .set({ twoFactorVerified: true })
      .where(eq(sessions.id, session.id));
    const verified = await app.deps.sessions.validate(token, { cached: true });
    expect(verified?.session.twoFactorVerified).toBe(true);
  });
});
